import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { relativeTime, useNow } from '../../lib/relative-time';
import { useSignedOut } from '../../lib/sign-out';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { toastError } from '../../lib/useErrorToast';

/** The browsers signed in to the account: each can be ended, or all of them at once. */
export function SessionsCard() {
  const utils = trpc.useUtils();
  const now = useNow();
  const sessions = trpc.sessions.list.useQuery();
  const signedOut = useSignedOut();
  const onError = (error: unknown) => toastError('Impossible de fermer la session.', error);
  const endOne = trpc.sessions.end.useMutation({
    onSuccess: (_result, { id }) => {
      if (sessions.data?.sessions.find((session) => session.id === id)?.current) return signedOut();
      toast({ title: 'Session fermée' });
      void utils.sessions.list.invalidate();
    },
    onError,
  });
  const endAll = trpc.sessions.endAll.useMutation({ onSuccess: signedOut, onError });

  return (
    <Card withBorder radius="lg" p="lg" data-testid="sessions">
      <Title order={2} fz="lg" mb={4}>
        Sessions actives
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        Les appareils connectés à votre compte.
      </Text>
      {sessions.isPending ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="xs">
          {sessions.data?.sessions.map((session) => (
            <Group key={session.id} justify="space-between" wrap="nowrap" data-testid="session-row">
              {/* The device's name gives way on a phone, never the button. */}
              <div style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{session.device}</Text>
                  {session.current && (
                    <Badge variant="light" size="sm">
                      Cet appareil
                    </Badge>
                  )}
                </Group>
                <Text fz="xs" c="dimmed">
                  Dernière activité : {relativeTime(session.lastSeenAt, now)}
                </Text>
              </div>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                style={{ flexShrink: 0 }}
                onClick={() => endOne.mutate({ id: session.id })}
                loading={endOne.isPending && endOne.variables.id === session.id}
                aria-label={`Se déconnecter de ${session.device}`}
              >
                Se déconnecter
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Group justify="flex-end" mt="md">
        {/* On a phone the label is about the card's width: it may wrap rather than be cut. */}
        <Button
          color="red"
          variant="light"
          onClick={() => endAll.mutate()}
          loading={endAll.isPending}
          h="auto"
          mih={44}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
        >
          Se déconnecter de tous les appareils
        </Button>
      </Group>
    </Card>
  );
}
