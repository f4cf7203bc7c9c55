import { Box, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconGift } from '@tabler/icons-react';
import { CompareSlider } from '../../components/CompareSlider';
import { BADGES, ENGINE_PROMISES, SIGN_UP_PATH, STATS } from './content';
import { afterPicture, beforePicture, HERO_EXAMPLE, HERO_SIZES, sampleImage } from './samples';
import { useEngineName } from './server-values';

export function HeroSection() {
  const before = sampleImage(beforePicture(HERO_EXAMPLE));
  const after = sampleImage(afterPicture(HERO_EXAMPLE));
  const promise = ENGINE_PROMISES[useEngineName()];
  return (
    <Box
      component="section"
      id="hero"
      data-landing-section="hero"
      aria-labelledby="hero-title"
      className="landing-hero"
    >
      <Container size="lg" py={{ base: 40, sm: 72 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 32, md: 56 }} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Group component="p" gap={8} wrap="nowrap" m={0} className="landing-pill">
              <IconGift size={16} aria-hidden style={{ flexShrink: 0 }} />
              500 crédits offerts aux 100 premiers inscrits
            </Group>
            <Title order={1} id="hero-title" fz={{ base: 36, sm: 54 }} lh={1.08} style={{ letterSpacing: '-0.03em' }}>
              Vos photos, <span className="landing-gradient-text">{promise.headline}</span>
            </Title>
            <Text fz={{ base: 'md', sm: 'xl' }} className="landing-muted" maw={540}>
              {promise.intro}
            </Text>
            <Group gap="sm">
              <Button
                component="a"
                href={SIGN_UP_PATH}
                size="md"
                radius="xl"
                variant="gradient"
                gradient={{ from: 'violet', to: 'pink' }}
              >
                Commencer Gratuitement
              </Button>
              <Button
                component="a"
                href="/create"
                size="md"
                radius="xl"
                variant="default"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Essayer l'Interface
              </Button>
            </Group>
            <Text fz="sm" className="landing-muted">
              100 crédits chaque mois avec l'offre Découverte · sans carte bancaire
            </Text>
          </Stack>
          <CompareSlider
            before={{ ...before, alt: 'Portrait original, avant transformation' }}
            after={{
              ...after,
              alt: `Le même portrait transformé par le moteur local : ${HERO_EXAMPLE.title.toLowerCase()}`,
            }}
            width={before.width}
            height={before.height}
            sizes={HERO_SIZES}
            priority
          />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export function StatsStrip() {
  return (
    <Box
      component="section"
      id="stats"
      data-landing-section="stats"
      aria-label="Atelier en chiffres"
      className="landing-tinted"
      py={{ base: 32, sm: 40 }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
          {STATS.map((stat) => (
            <Stack key={stat.label} gap={2} align="center" ta="center">
              <Text component="span" className="landing-stat-value landing-gradient-text">
                {stat.value}
              </Text>
              <Text component="span" fz="sm" fw={500} className="landing-muted">
                {stat.label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export function BadgesRow() {
  return (
    <Box
      component="section"
      id="badges"
      data-landing-section="badges"
      aria-label="Points forts"
      py={{ base: 32, sm: 40 }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          {BADGES.map((badge) => (
            <Group
              key={badge.title}
              gap="xs"
              wrap="nowrap"
              px="md"
              py={10}
              className="landing-card"
              style={{ borderRadius: 999, height: 'auto' }}
            >
              <ThemeIcon size={28} radius="xl" variant="light" style={{ flexShrink: 0 }}>
                <badge.icon size={16} aria-hidden />
              </ThemeIcon>
              <Text fw={600} fz="sm" lh={1.25}>
                {badge.title}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
