import {
  Alert,
  Badge,
  Button,
  Card,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { RetryNotice } from '../../components/RetryNotice';
import { formatCredits, formatDate, formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { toastError } from '../../lib/useErrorToast';
import { jobStatusLabel } from './labels';

/** Find a member by e-mail or name, then see and act on their account. */
export function MembersPanel() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<number | null>(null);
  const members = trpc.admin.members.useQuery({ q });
  return (
    <Stack gap="md">
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder="E-mail, nom ou pseudo"
        aria-label="Chercher un membre"
        maxLength={254}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {members.data ? (
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Membre</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th ta="right">Crédits</Table.Th>
                <Table.Th>Inscription</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.members.map((member) => (
                <Table.Tr
                  key={member.id}
                  onClick={() => setChosen(member.id)}
                  style={{ cursor: 'pointer' }}
                  aria-selected={chosen === member.id}
                  bg={chosen === member.id ? 'var(--mantine-primary-color-light)' : undefined}
                >
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => setChosen(member.id)}>
                      {member.firstName} {member.lastName}
                    </Button>
                    {member.suspended && (
                      <Badge color="red" variant="light" ml={4}>
                        Suspendu
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{member.email}</Table.Td>
                  <Table.Td ta="right">{formatCredits(member.credits)}</Table.Td>
                  <Table.Td>{formatDate(member.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        members.error && <RetryNotice title="La recherche a échoué" query={members} />
      )}
      {chosen !== null && <MemberDetail userId={chosen} />}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p="md">
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function MemberDetail({ userId }: { userId: number }) {
  const member = trpc.admin.member.useQuery({ userId });
  if (!member.data)
    return member.error ? <RetryNotice title="Ce membre n'a pas pu être chargé" query={member} /> : null;
  const data = member.data;
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {data.firstName} {data.lastName} · {data.email}
      </Title>
      <Text fz="sm" c="dimmed">
        @{data.username} · inscrit le {formatDate(data.createdAt)} · {formatCredits(data.credits)} crédits ·{' '}
        {data.subscriptionType === 'premium' ? 'abonné' : 'gratuit'}
      </Text>
      {data.suspension && (
        <Alert color="red" title={`Suspendu depuis le ${formatDateTime(data.suspension.createdAt)}`}>
          {data.suspension.statement}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CreditsForm userId={userId} />
        <SuspensionForm userId={userId} suspended={data.suspension !== null} />
      </SimpleGrid>
      <Section title="Mouvements de crédits">
        <Table.ScrollContainer minWidth={520}>
          <Table>
            <Table.Tbody>
              {data.ledger.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDateTime(entry.createdAt)}</Table.Td>
                  <Table.Td>{entry.description}</Table.Td>
                  <Table.Td ta="right" c={entry.type === 'credit' ? 'teal' : undefined}>
                    {entry.type === 'credit' ? '+' : '−'}
                    {formatCredits(entry.amount)}
                    {entry.status !== 'settled' && ` (${entry.status === 'held' ? 'réservé' : 'rendu'})`}
                  </Table.Td>
                  <Table.Td ta="right">{formatCredits(entry.balanceAfter)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Section title="Générations">
        {data.jobs.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Aucune génération.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table>
              <Table.Tbody>
                {data.jobs.map((job) => (
                  <Table.Tr key={job.id}>
                    <Table.Td>{formatDateTime(job.createdAt)}</Table.Td>
                    <Table.Td>
                      {job.kind} · {job.engine}
                    </Table.Td>
                    <Table.Td>
                      {jobStatusLabel(job.status)}
                      {job.errorCode && ` (${job.errorCode})`}
                    </Table.Td>
                    <Table.Td>{job.error}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Section title="Publications">
        {data.posts.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Aucune publication.
          </Text>
        ) : (
          <Stack gap={4}>
            {data.posts.map((post) => (
              <Text key={post.id} fz="sm">
                <a href={`/p/${post.id}`}>n° {post.id}</a> · {post.likesCount} j'aime ·{' '}
                {post.isPublic
                  ? 'publique'
                  : post.hiddenBy === 'moderation'
                    ? 'masquée (modération)'
                    : 'masquée (suspension)'}
              </Text>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}

function CreditsForm({ userId }: { userId: number }) {
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const utils = trpc.useUtils();
  const adjust = trpc.admin.adjustCredits.useMutation({
    onSuccess: ({ balance }) => {
      toast({ title: 'Crédits ajustés', description: `Nouveau solde : ${formatCredits(balance)} crédits.` });
      setAmount('');
      setReason('');
      void utils.admin.member.invalidate({ userId });
      void utils.admin.members.invalidate();
    },
    onError: (error) => toastError('Ajustement impossible', error),
  });
  return (
    <Section title="Donner ou retirer des crédits">
      <Stack gap="xs">
        <NumberInput
          label="Montant (négatif pour retirer)"
          allowDecimal={false}
          min={-1_000_000}
          max={1_000_000}
          value={amount}
          onChange={setAmount}
        />
        <TextInput
          label="Motif, lu par le membre dans son historique"
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Button
          disabled={typeof amount !== 'number' || amount === 0 || !reason.trim()}
          loading={adjust.isPending}
          onClick={() => typeof amount === 'number' && adjust.mutate({ userId, amount, reason })}
        >
          Appliquer
        </Button>
      </Stack>
    </Section>
  );
}

function SuspensionForm({ userId, suspended }: { userId: number; suspended: boolean }) {
  const [statement, setStatement] = useState('');
  const utils = trpc.useUtils();
  const settled = (title: string) => {
    toast({ title });
    setStatement('');
    void utils.admin.member.invalidate({ userId });
    void utils.admin.members.invalidate();
  };
  const suspend = trpc.admin.suspend.useMutation({
    onSuccess: () => settled('Compte suspendu'),
    onError: (error) => toastError('Suspension impossible', error),
  });
  const unsuspend = trpc.admin.unsuspend.useMutation({
    onSuccess: () => settled('Suspension levée'),
    onError: (error) => toastError('Levée impossible', error),
  });
  return (
    <Section title={suspended ? 'Lever la suspension' : 'Suspendre le compte'}>
      <Stack gap="xs">
        <Textarea
          label={suspended ? 'Motif de la levée' : 'Motivation, montrée au membre à sa connexion'}
          autosize
          minRows={2}
          maxLength={2000}
          value={statement}
          onChange={(event) => setStatement(event.currentTarget.value)}
        />
        {suspended ? (
          <Button
            variant="light"
            disabled={!statement.trim()}
            loading={unsuspend.isPending}
            onClick={() => unsuspend.mutate({ userId, reason: statement })}
          >
            Lever la suspension
          </Button>
        ) : (
          <Button
            color="red"
            disabled={!statement.trim()}
            loading={suspend.isPending}
            onClick={() => suspend.mutate({ userId, statement })}
          >
            Suspendre : fin des sessions et des jetons, publications masquées
          </Button>
        )}
      </Stack>
    </Section>
  );
}
