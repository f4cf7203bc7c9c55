import { Button, Center, Stack, Text, Title } from '@mantine/core';

/** A full-page failure with the one way out: reload. */
export function FailureScreen({ title, detail }: { title: string; detail?: string | undefined }) {
  return (
    <Center mih="100vh" p="lg" role="alert">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <Title order={2}>{title}</Title>
        {detail ? <Text c="dimmed">{detail}</Text> : null}
        <Button onClick={() => window.location.reload()}>Recharger</Button>
      </Stack>
    </Center>
  );
}
