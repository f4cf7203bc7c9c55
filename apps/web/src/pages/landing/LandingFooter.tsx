import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { LandingBrand } from './LandingBrand';
import { FOOTER_LINKS } from './content';

export function LandingFooter() {
  return (
    <Box component="footer" data-landing-section="footer" py="xl" style={{ borderTop: '1px solid var(--landing-border)' }}>
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Stack gap={2}>
            <LandingBrand size={20} />
            <Text fz="sm" className="landing-muted">
              © {new Date().getFullYear()} Atelier · Transformations photo par IA
            </Text>
          </Stack>
          {/* Placeholder links: their pages do not exist yet, so no href; announced as unavailable links. */}
          <Group gap="lg" component="nav" aria-label="Informations légales">
            {FOOTER_LINKS.map((label) => (
              <Anchor key={label} component="a" role="link" aria-disabled="true" fz="sm" className="landing-muted" data-testid="footer-link">
                {label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
