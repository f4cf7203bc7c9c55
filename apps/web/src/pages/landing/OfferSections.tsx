import { IMAGE_COST, PAYMENTS_CLOSED_MESSAGE } from '@atelier/catalog';
import { Badge, Box, Button, Container, Grid, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { euros, formatCredits } from '../../lib/format';
import {
  CREDIT_RULES,
  isFreePlan,
  planPath,
  PRICING_PLANS,
  SIGN_UP_PATH,
  SAMPLE_TRANSFORMATIONS,
  type PricingPlan,
} from './content';
import { CheckList } from './CheckList';
import { LandingSection } from './Section';
import { usePaymentsOpen } from './server-values';
import { useSignedIn } from './useSignedIn';

const credits = (value: number) => `${formatCredits(value)} crédits`;

export function CreditsSection() {
  return (
    <LandingSection
      id="credits"
      eyebrow="Crédits"
      title="Un prix clair : vous ne payez que ce qui réussit"
      intro={`Chaque image générée coûte ${IMAGE_COST} crédits. Voici nos ${SAMPLE_TRANSFORMATIONS.length} exemples et leur coût.`}
      tinted
    >
      <Grid gap={40}>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Group gap="md" wrap="nowrap" p="lg" className="landing-card" style={{ height: 'auto' }}>
              <ThemeIcon size={56} radius="xl" variant="gradient" gradient={{ from: 'violet', to: 'pink', deg: 135 }}>
                <IconCoins size={30} aria-hidden />
              </ThemeIcon>
              <div>
                <Text fz={32} fw={800} lh={1.1}>
                  {IMAGE_COST} crédits
                </Text>
                <Text className="landing-muted">par image, débités seulement en cas de succès</Text>
              </div>
            </Group>
            <CheckList items={CREDIT_RULES} size="sm" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <div className="landing-card" style={{ height: 'auto' }}>
            <table className="landing-table" data-testid="sample-transformations">
              <caption className="landing-muted">
                Les {SAMPLE_TRANSFORMATIONS.length} transformations d'exemple : style et coût
              </caption>
              <thead>
                <tr>
                  <th scope="col">Transformation</th>
                  <th scope="col" className="landing-number">
                    Coût
                  </th>
                </tr>
              </thead>
              <tbody>
                {SAMPLE_TRANSFORMATIONS.map(({ character, transformation }) => (
                  <tr key={`${character.id}-${transformation.id}`}>
                    <td>
                      <Group gap="xs" wrap="wrap">
                        <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
                          {transformation.style}
                        </Badge>
                        <span>{transformation.title}</span>
                      </Group>
                    </td>
                    <td className="landing-number">{credits(IMAGE_COST)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total · {SAMPLE_TRANSFORMATIONS.length} transformations</th>
                  <td className="landing-number" data-testid="sample-total-credits">
                    {credits(IMAGE_COST * SAMPLE_TRANSFORMATIONS.length)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        </Grid.Col>
      </Grid>
    </LandingSection>
  );
}

function PlanCard({ plan, signedIn, paymentsOpen }: { plan: PricingPlan; signedIn: boolean; paymentsOpen: boolean }) {
  const free = isFreePlan(plan);
  // Without payments a paid plan cannot be chosen: said on its button, not after a click.
  const buyable = free || paymentsOpen;
  return (
    <Stack
      component="article"
      aria-labelledby={`plan-${plan.name}`}
      gap="md"
      p="xl"
      pos="relative"
      className={`landing-card ${plan.popular ? 'landing-popular' : ''}`}
      data-testid="pricing-plan"
    >
      {plan.popular && (
        <Badge
          variant="gradient"
          gradient={{ from: 'violet', to: 'pink' }}
          size="lg"
          pos="absolute"
          top={-14}
          left="50%"
          style={{ transform: 'translateX(-50%)' }}
        >
          Plus Populaire
        </Badge>
      )}
      <Title order={3} fz="xl" id={`plan-${plan.name}`}>
        {plan.name}
      </Title>
      <Group gap={4} align="baseline">
        <Text fz={44} fw={800} lh={1}>
          {free ? '0 €' : euros(plan.priceCents).replace(',00', '')}
        </Text>
        <Text fz="lg" className="landing-muted">
          /mois
        </Text>
      </Group>
      <Text fw={600}>
        {credits(plan.credits)} par mois · soit {Math.floor(plan.credits / IMAGE_COST)} images
      </Text>
      <CheckList items={plan.features} size="xs" grow />
      {buyable ? (
        <Button
          component="a"
          href={planPath(plan, signedIn)}
          size="md"
          radius="xl"
          fullWidth
          {...(plan.popular
            ? { variant: 'gradient', gradient: { from: 'violet', to: 'pink' } }
            : { variant: 'default' })}
        >
          {free ? 'Commencer Gratuitement' : 'Choisir ce Plan'}
        </Button>
      ) : (
        <Button size="md" radius="xl" fullWidth disabled>
          Pas encore ouvert
        </Button>
      )}
    </Stack>
  );
}

export function PricingSection() {
  const signedIn = useSignedIn();
  const paymentsOpen = usePaymentsOpen();
  return (
    <LandingSection
      id="pricing"
      eyebrow="Tarifs"
      title="Un abonnement à la mesure de vos envies"
      intro="Commencez gratuitement, abonnez-vous quand vous voulez plus de crédits chaque mois. Sans engagement : les crédits non utilisés restent."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing={{ base: 40, md: 'lg' }} style={{ alignItems: 'stretch' }}>
        {PRICING_PLANS.map((plan) => (
          <PlanCard key={plan.name} plan={plan} signedIn={signedIn} paymentsOpen={paymentsOpen} />
        ))}
      </SimpleGrid>
      {paymentsOpen ? null : (
        <Text ta="center" mt="xl" fw={600} data-testid="payments-closed">
          {PAYMENTS_CLOSED_MESSAGE}
        </Text>
      )}
    </LandingSection>
  );
}

export function FinalCallToAction() {
  return (
    <Box component="section" id="cta" data-landing-section="cta" aria-labelledby="cta-title" pb={{ base: 56, sm: 88 }}>
      <Container size="lg">
        <Stack align="center" ta="center" gap="lg" p={{ base: 32, sm: 64 }} className="landing-cta">
          <Title order={2} id="cta-title" fz={{ base: 28, sm: 40 }} c="white">
            Donnez une autre vie à votre prochaine photo
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} maw={560} c="white">
            Créez votre compte en trente secondes et transformez vos premières images avec les crédits offerts.
          </Text>
          <Button component="a" href={SIGN_UP_PATH} size="lg" radius="xl" color="white" c="violet.8">
            Commencer Maintenant
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
