import { Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AppHeader } from '../components/AppHeader';

/** Routes whose screens arrive in later work show where they stand instead of a blank page. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <AppHeader />
      <Container size="sm" py={60}>
        <Card withBorder radius="lg" p="xl">
          <Stack gap="sm" align="flex-start">
            <Title order={1} fz={28}>{title}</Title>
            <Text c="dimmed">Cet écran arrive très bientôt dans Atelier.</Text>
            <Button component={Link} to="/account" variant="light">
              Mon compte
            </Button>
          </Stack>
        </Card>
      </Container>
    </>
  );
}
