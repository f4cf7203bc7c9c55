import { Button, Center, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { ENGINE_PROMISES, processSteps, SIGN_UP_PATH, TECHNOLOGY } from './content';
import { useEngineName } from './server-values';
import { IconCard, LandingSection } from './Section';

export function FeaturesSection() {
  const { features } = ENGINE_PROMISES[useEngineName()];
  return (
    <LandingSection
      id="features"
      eyebrow="Fonctionnalités"
      title="Tout un studio créatif dans votre navigateur"
      intro="Des transformations à combiner librement, pour passer d'une photo banale à une image qui raconte quelque chose."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {features.map((feature) => (
          <IconCard key={feature.title} item={feature} className="landing-feature" testId="feature-card" />
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}

export function ProcessSection() {
  return (
    <LandingSection
      id="process"
      eyebrow="Processus"
      title="De la photo à l'œuvre en quatre étapes"
      intro="Pas de calques, pas de masques, pas de jargon : vous choisissez, Atelier s'occupe du reste."
      tinted
    >
      <SimpleGrid
        component="ol"
        cols={{ base: 1, sm: 2, md: 4 }}
        spacing="lg"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {processSteps(useEngineName()).map((step) => (
          <Stack component="li" key={step.step} gap="sm" p="lg" className="landing-card">
            <Group justify="space-between" align="flex-start">
              <ThemeIcon size={48} radius="md" variant="gradient" gradient={{ from: 'violet', to: 'pink', deg: 135 }}>
                <step.icon size={26} aria-hidden />
              </ThemeIcon>
              <Text fz={32} fw={800} lh={1} className="landing-gradient-text">
                {String(step.step).padStart(2, '0')}
              </Text>
            </Group>
            <Title order={3} fz="lg">
              {step.title}
            </Title>
            <Text fz="sm" className="landing-muted">
              {step.description}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}

export function HowItWorksSection() {
  const promise = ENGINE_PROMISES[useEngineName()];
  return (
    <LandingSection
      id="how-it-works"
      eyebrow="Comment ça marche"
      title={promise.howTitle}
      intro="Chaque transformation suit le même chemin, que vous choisissiez un style seul ou cinq options à la fois."
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {promise.howItWorks.map((item) => (
          <IconCard key={item.title} item={item} />
        ))}
      </SimpleGrid>
      <Center mt={40}>
        <Button
          component="a"
          href={SIGN_UP_PATH}
          size="lg"
          radius="xl"
          rightSection={<IconArrowRight size={18} aria-hidden />}
        >
          Essayer Maintenant
        </Button>
      </Center>
    </LandingSection>
  );
}

export function TechnologySection() {
  return (
    <LandingSection
      id="technology"
      eyebrow="Technologie"
      title="Une qualité pensée pour les professionnels"
      intro="Des images nettes, rapides à obtenir et qui restent les vôtres."
      tinted
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {TECHNOLOGY.map((item) => (
          <Group key={item.title} gap="md" wrap="nowrap" align="flex-start" p="md" className="landing-card">
            <ThemeIcon size={40} radius="md" variant="light">
              <item.icon size={22} aria-hidden />
            </ThemeIcon>
            <div>
              <Title order={3} fz="md">
                {item.title}
              </Title>
              <Text fz="sm" className="landing-muted" mt={4}>
                {item.description}
              </Text>
            </div>
          </Group>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
