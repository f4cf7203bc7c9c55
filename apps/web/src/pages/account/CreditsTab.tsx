import { Anchor, Badge, Button, Card, Group, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { euros, formatCredits, formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { ClosedOfferButton, PaymentsClosedNotice, usePaymentsOpen } from '../../lib/payments';
import { OfferCard, OfferSection } from './Offers';
import { SubscriptionSection } from './SubscriptionCard';

const HISTORY_PAGE_SIZE = 10;

/** The ledger, ten entries a page (the spec's first ten), every page within reach so the balance can be reconciled. */
export function CreditHistory() {
  const [page, setPage] = useState(1);
  const history = trpc.credits.history.useQuery(
    { limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE },
    // The page shown stays until the next one arrives, rather than blinking to a skeleton.
    { placeholderData: keepPreviousData },
  );
  const pages = Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE_SIZE);
  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb="md">
        Historique des crédits
      </Title>
      {history.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={28} />
          ))}
        </Stack>
      ) : history.data?.entries.length ? (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" data-testid="credit-history">
              <Table.Tbody>
                {history.data.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      <Text fz="sm">{entry.description}</Text>
                      <Text fz="xs" c="dimmed">
                        {formatDateTime(entry.createdAt)}
                        {entry.resultUrl ? (
                          <>
                            {' · '}
                            <Anchor href={entry.resultUrl} target="_blank" rel="noopener" fz="xs">
                              Voir le résultat
                            </Anchor>
                          </>
                        ) : null}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {/* Filled in shade 9: the light badge's teal read at 4.3:1, under the 4.5:1 small text needs.
                          Its label is not clipped: Chromium measured it a few pixels short, showing "+…". */}
                      <Badge
                        variant="filled"
                        color={entry.type === 'credit' ? 'teal.9' : 'red.9'}
                        styles={{ label: { overflow: 'visible' } }}
                      >
                        {entry.type === 'credit' ? '+' : '−'}
                        {formatCredits(entry.amount)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              radius="xl"
              style={{ alignSelf: 'center' }}
              getControlProps={(control) => ({
                'aria-label': {
                  first: 'Première page',
                  previous: 'Page précédente',
                  next: 'Page suivante',
                  last: 'Dernière page',
                }[control],
              })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          )}
        </Stack>
      ) : (
        <Text c="dimmed">Aucun mouvement pour l'instant.</Text>
      )}
    </Card>
  );
}

function Packs() {
  const catalog = trpc.payments.catalog.useQuery();
  const paymentsOpen = usePaymentsOpen();
  if (!catalog.data) return <Skeleton h={220} radius="lg" />;
  return (
    <OfferSection title="Packs de crédits">
      {catalog.data.packs.map((pack) => (
        <OfferCard
          key={pack.credits}
          name={formatCredits(pack.credits)}
          nameSize={22}
          popular={pack.popular}
          testId={`pack-${pack.credits}`}
        >
          <Text c="dimmed" fz="sm">
            crédits · ≈ {pack.transformations} transformations
          </Text>
          <Text fw={700} fz="xl">
            {euros(Math.round(pack.price * 100))}
          </Text>
          <Text c="dimmed" fz="xs">
            {euros(Math.round(pack.pricePer1000Credits * 100))} les 1 000 crédits
          </Text>
          {paymentsOpen ? (
            <Button
              component={Link}
              to={`/checkout?credits=${pack.credits}&amount=${pack.price.toFixed(2)}`}
              mt="auto"
              variant={pack.popular ? 'filled' : 'light'}
            >
              Acheter
            </Button>
          ) : (
            <ClosedOfferButton />
          )}
        </OfferCard>
      ))}
    </OfferSection>
  );
}

export function CreditsTab({ credits }: { credits: number }) {
  const paymentsOpen = usePaymentsOpen();
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" p="lg">
        <Group justify="space-between">
          <div>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              Solde
            </Text>
            <Text fz={32} fw={800} data-testid="credits-balance">
              {formatCredits(credits)} crédits
            </Text>
          </div>
          <Text c="dimmed" fz="sm" maw={320}>
            Offre de lancement : 500 crédits offerts aux 100 premiers utilisateurs.
          </Text>
        </Group>
      </Card>
      {paymentsOpen ? null : <PaymentsClosedNotice />}
      <SubscriptionSection />
      <Packs />
      <CreditHistory />
    </Stack>
  );
}
