import { Box, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { IconItem } from './content';

interface LandingSectionProps {
  /** Anchor id, also the key the end-to-end tests check the section order with. */
  id: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  tinted?: boolean;
  children: ReactNode;
}

/** One band of the landing page: a centred heading block above its content. */
export function LandingSection({ id, eyebrow, title, intro, tinted = false, children }: LandingSectionProps) {
  return (
    <Box
      component="section"
      id={id}
      data-landing-section={id}
      aria-labelledby={`${id}-title`}
      py={{ base: 56, sm: 88 }}
      className={tinted ? 'landing-tinted' : undefined}
    >
      <Container size="lg">
        <Stack align="center" ta="center" gap="sm" mb={{ base: 32, sm: 48 }} maw={720} mx="auto">
          {eyebrow && (
            <Text tt="uppercase" fw={700} fz="sm" c="violet" style={{ letterSpacing: '0.12em' }}>
              {eyebrow}
            </Text>
          )}
          <Title order={2} id={`${id}-title`} fz={{ base: 28, sm: 38 }} lh={1.15}>
            {title}
          </Title>
          {intro && (
            <Text fz={{ base: 'md', sm: 'lg' }} className="landing-muted">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

/** An icon, a title and a line of text: the card shape most sections share. */
export function IconCard({ item, className = '', testId }: { item: IconItem; className?: string; testId?: string }) {
  return (
    <Stack gap="sm" p="lg" className={`landing-card ${className}`} data-testid={testId}>
      <ThemeIcon size={48} radius="md" variant="gradient" gradient={{ from: 'violet', to: 'pink', deg: 135 }}>
        <item.icon size={26} aria-hidden />
      </ThemeIcon>
      <Title order={3} fz="lg">
        {item.title}
      </Title>
      <Text fz="sm" className="landing-muted">
        {item.description}
      </Text>
    </Stack>
  );
}
