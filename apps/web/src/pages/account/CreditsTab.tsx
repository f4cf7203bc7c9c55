import { Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatCredits, formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';

const HISTORY_SIZE = 10;

export function CreditHistory() {
  const history = trpc.credits.history.useQuery({ limit: HISTORY_SIZE, offset: 0 });
  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb="md">Historique des crédits</Title>
      {history.isPending ? (
        <Stack gap="xs">{[0, 1, 2].map((i) => <Skeleton key={i} h={28} />)}</Stack>
      ) : history.data?.entries.length ? (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs" data-testid="credit-history">
            <Table.Tbody>
              {history.data.entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td><Text fz="sm">{entry.description}</Text><Text fz="xs" c="dimmed">{formatDateTime(entry.createdAt)}</Text></Table.Td>
                  <Table.Td ta="right">
                    <Badge variant="light" color={entry.type === 'credit' ? 'teal' : 'red'}>
                      {entry.type === 'credit' ? '+' : '−'}{formatCredits(entry.amount)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text c="dimmed">Aucun mouvement pour l'instant.</Text>
      )}
    </Card>
  );
}

export function CreditsTab({ credits }: { credits: number }) {
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" p="lg">
        <Group justify="space-between">
          <div>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>Solde</Text>
            <Text fz={32} fw={800} data-testid="credits-balance">{formatCredits(credits)} crédits</Text>
          </div>
          <Text c="dimmed" fz="sm" maw={320}>Offre de lancement : 500 crédits offerts aux 100 premiers utilisateurs.</Text>
        </Group>
      </Card>
      <CreditHistory />
    </Stack>
  );
}
