import { CATEGORIES, IMAGE_COST } from '@atelier/catalog';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useEngineWords } from '../../lib/engine';

// Only what is true on every instance: no invented count of creations, no promised duration (it
// depends on the photo, the options and the machine).
const STATS = [
  { value: '25+', label: 'styles artistiques' },
  { value: String(CATEGORIES.length), label: "catégories d'options" },
  { value: '4K', label: 'qualité d’export' },
  { value: String(IMAGE_COST), label: 'crédits par image réussie' },
] as const;

export function HeroSection({ onShowCreations }: { onShowCreations: () => void }) {
  const words = useEngineWords();
  return (
    <section className="home-hero">
      <Stack align="center" ta="center" gap="lg" maw={880} mx="auto">
        <Badge size="lg" variant="light" radius="xl" leftSection={<IconSparkles size={14} aria-hidden />}>
          {words.tagline}
        </Badge>
        <Title order={1} fz={{ base: 34, sm: 54 }} lh={1.08}>
          Donnez une nouvelle vie <span className="home-gradient-text home-nowrap">à vos photos</span>
        </Title>
        <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }} maw={620}>
          {words.homeIntro}
        </Text>
        <Group justify="center" gap="sm">
          <Button
            component={Link}
            to="/transform"
            size="lg"
            radius="xl"
            variant="gradient"
            gradient={{ from: 'violet', to: 'pink' }}
            rightSection={<IconArrowRight size={18} aria-hidden />}
          >
            Commencer gratuitement
          </Button>
          <Button size="lg" radius="xl" variant="default" onClick={onShowCreations}>
            Voir les créations
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" w="100%" mt="md">
          {STATS.map((stat) => (
            <Paper key={stat.label} withBorder radius="lg" p="md" className="home-stat">
              <Text fw={800} fz={{ base: 24, sm: 28 }} className="home-gradient-text">
                {stat.value}
              </Text>
              <Text c="dimmed" fz="sm">
                {stat.label}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </section>
  );
}
