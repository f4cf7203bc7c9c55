import { Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PLACES } from '../lib/places';

export function NotFoundPage() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Card withBorder shadow="sm" radius="lg" p="xl" maw={440} w="100%">
        <Stack gap="sm">
          <Title order={1} fz={26}>
            Page introuvable
          </Title>
          <Text>Cette adresse ne mène à aucune page d'Atelier : le lien est peut-être ancien ou mal recopié.</Text>
          {/* The spec's two sentences, kept word for word under the French heading. */}
          <Text c="dimmed" fz="sm" lang="en">
            404 Page Not Found. Did you forget to add the page to the router?
          </Text>
          <Group mt="sm">
            <Button component={Link} to="/" variant="light">
              Retour à l'accueil
            </Button>
            <Button component={Link} to={PLACES.studio.path} variant="subtle">
              Ouvrir le studio
            </Button>
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}
