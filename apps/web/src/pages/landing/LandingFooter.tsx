import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { LandingBrand } from './LandingBrand';
import { ENGINE_TAGLINES } from '../../lib/engine-name';
import { LEGAL_PAGES } from '../../lib/places';
import { useEngineName } from './server-values';

export function LandingFooter() {
  const tagline = ENGINE_TAGLINES[useEngineName()];
  return (
    <Box
      component="footer"
      data-landing-section="footer"
      py="xl"
      style={{ borderTop: '1px solid var(--landing-border)' }}
    >
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Stack gap={2}>
            <LandingBrand size={20} />
            {/* The year of the build in the prerendered page (landing-html.tsx), kept when React takes it over. */}
            <Text fz="sm" className="landing-muted" suppressHydrationWarning>
              © {new Date().getFullYear()} Atelier · {tagline}
            </Text>
          </Stack>
          <Group gap="lg" component="nav" aria-label="Informations légales">
            {LEGAL_PAGES.map(({ path, label }) => (
              <Anchor key={path} href={path} fz="sm" className="landing-muted" data-testid="footer-link">
                {label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
