import { Card, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { RetryNotice } from '../../components/RetryNotice';
import { formatCredits } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { creditKindLabel, jobStatusLabel } from './labels';

const PERIODS = [
  { value: '7', label: '7 jours' },
  { value: '30', label: '30 jours' },
  { value: '90', label: '90 jours' },
  { value: '365', label: '1 an' },
];

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" p="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

/** The business over a period, as the server sums it from the ledger, payments, invoices and jobs. */
export function OverviewPanel() {
  const [days, setDays] = useState('30');
  const overview = trpc.admin.overview.useQuery({ days: Number(days) });
  const data = overview.data;
  return (
    <Stack gap="md">
      <SegmentedControl data={PERIODS} value={days} onChange={setDays} style={{ alignSelf: 'flex-start' }} />
      {!data ? (
        overview.error && <RetryNotice title="L'activité n'a pas pu être chargée" query={overview} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Figure
              label="Encaissé"
              value={
                data.moneyIn.map(({ totalCents, currency }) => money(totalCents, currency)).join(' + ') ||
                money(0, 'eur')
              }
            />
            <Figure label="Nouveaux membres" value={formatCredits(data.newMembers)} />
            <Figure label="Générations réussies" value={formatCredits(data.generations.succeeded)} />
            <Figure label="Générations échouées" value={formatCredits(data.generations.failed)} />
            <Figure label="Signalements à traiter" value={formatCredits(data.openReports)} />
            <Figure label="Signalements reçus" value={formatCredits(data.reportsReceived)} />
            <Figure
              label="Dépense chez le fournisseur d'IA"
              value={money(Math.round(data.cloudSpend.totalUsd * 100), 'usd')}
            />
          </SimpleGrid>
          <Text fz="sm" c="dimmed">
            La dépense d'IA est celle que les générations ont enregistrée, aux prix publics des modèles.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Card withBorder radius="md" p="md">
              <Title order={3} fz="md" mb="sm">
                Générations terminées
              </Title>
              <Table>
                <Table.Tbody>
                  {data.generations.byOutcome.map(({ engine, status, errorCode, count }) => (
                    <Table.Tr key={`${engine}-${status}-${errorCode ?? ''}`}>
                      <Table.Td>{engine}</Table.Td>
                      <Table.Td>
                        {jobStatusLabel(status)}
                        {errorCode && ` (${errorCode})`}
                      </Table.Td>
                      <Table.Td ta="right">{formatCredits(count)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
            <Card withBorder radius="md" p="md">
              <Title order={3} fz="md" mb="sm">
                Crédits par nature
              </Title>
              <Table>
                <Table.Tbody>
                  {data.credits.map(({ reason, type, entries, amount }) => (
                    <Table.Tr key={`${reason}-${type}`}>
                      <Table.Td>{creditKindLabel(reason)}</Table.Td>
                      <Table.Td>
                        {entries} mouvement{entries > 1 ? 's' : ''}
                      </Table.Td>
                      <Table.Td ta="right">
                        {type === 'credit' ? '+' : '−'}
                        {formatCredits(amount)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
