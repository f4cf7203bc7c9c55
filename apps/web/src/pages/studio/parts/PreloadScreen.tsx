import { Center, Loader, Progress, Stack, Text, Title } from '@mantine/core';

interface PreloadScreenProps {
  loaded: number;
  total: number;
  percent: number;
}

/** Shown while the studio's first pictures load, so the interface appears whole rather than piece by piece. */
export function PreloadScreen({ loaded, total, percent }: PreloadScreenProps) {
  return (
    <Center
      h="100dvh"
      px="lg"
      data-testid="preload-screen"
      style={{
        background:
          'radial-gradient(circle at 30% 20%, light-dark(var(--mantine-color-violet-1), rgba(121, 80, 242, 0.22)), transparent 60%), var(--mantine-color-body)',
      }}
    >
      <Stack align="center" gap="md" w="100%" maw={340}>
        <Loader type="dots" size="lg" />
        <Title order={1} fz={22} ta="center">
          Préparation de l'interface
        </Title>
        <Progress
          value={percent}
          w="100%"
          size="sm"
          radius="xl"
          animated={percent < 100}
          aria-label="Chargement des images"
        />
        <Text c="dimmed" fz="sm" ta="center" aria-live="polite">
          {loaded} / {total} images · {percent} %
        </Text>
      </Stack>
    </Center>
  );
}
