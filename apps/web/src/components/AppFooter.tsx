import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LEGAL_PAGES } from '../lib/places';

/** The foot of every scrolling page: the legal pages and the contact. */
export function AppFooter() {
  return (
    <Container component="footer" size="lg" py="lg" px={{ base: 'sm', sm: 'md' }} className="app-footer">
      <Group justify="space-between" gap="sm">
        <Text fz="sm" c="dimmed">
          © {new Date().getFullYear()} Atelier
        </Text>
        <Group component="nav" aria-label="Informations légales" gap="md">
          {LEGAL_PAGES.map(({ path, label }) => (
            <Anchor key={path} component={Link} to={path} fz="sm" c="dimmed" data-testid="footer-link">
              {label}
            </Anchor>
          ))}
        </Group>
      </Group>
    </Container>
  );
}
