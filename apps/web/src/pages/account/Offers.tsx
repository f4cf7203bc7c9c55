import { Badge, Card, Group, SimpleGrid, Stack, Text, Title, type MantineFontSize } from '@mantine/core';
import type { ReactNode } from 'react';

/** A row of offers (credit packs, monthly plans) under its title. */
export function OfferSection({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb={intro ? 4 : 'md'}>
        {title}
      </Title>
      {intro ? (
        <Text c="dimmed" fz="sm" mb="md">
          {intro}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {children}
      </SimpleGrid>
    </Card>
  );
}

interface OfferCardProps {
  name: ReactNode;
  nameSize: MantineFontSize | number;
  /** The offer most people take: a badge and a coloured border. */
  popular: boolean;
  testId: string;
  /** What the offer gives and costs, then its button. */
  children: ReactNode;
}

/** One offer: its name, marked when popular, above what it gives. */
export function OfferCard({ name, nameSize, popular, testId, children }: OfferCardProps) {
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      data-testid={testId}
      style={popular ? { borderColor: 'var(--mantine-color-violet-5)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6} h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={800} fz={nameSize}>
            {name}
          </Text>
          {popular ? <Badge color="violet">Populaire</Badge> : null}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
