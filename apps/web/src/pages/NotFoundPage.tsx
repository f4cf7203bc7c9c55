import { Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Card withBorder shadow="sm" radius="lg" p="xl" maw={440} w="100%">
        <Stack gap="sm">
          <Title order={1} fz={26}>
            404 Page Not Found
          </Title>
          <Text c="dimmed">Did you forget to add the page to the router?</Text>
          <Button component={Link} to="/" variant="light" mt="sm">
            Retour à l'accueil
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
