import { findPlan, imagesFor, planExtraWords, SUBSCRIPTION_PLANS, type SubscriptionPlan } from '@atelier/catalog';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { euros, formatCredits, formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import type { HandedPayment } from '../checkout/PaymentForm';
import { ClosedOfferButton, usePaymentsOpen } from '../../lib/payments';
import { OfferCard, OfferSection } from './Offers';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { toastError } from '../../lib/useErrorToast';

type Status = RouterOutputs['subscriptions']['status'];
type Current = NonNullable<Status['subscription']>;

/** What the subscription's state reads as, and its colour. */
function stateOf(current: Current): { label: string; color: string } {
  if (current.status === 'canceled') return { label: 'Terminé', color: 'gray' };
  if (current.pastDue) return { label: 'Paiement en retard', color: 'red.9' };
  if (current.cancelAtPeriodEnd) return { label: 'Annulation prévue', color: 'orange.9' };
  return { label: 'Actif', color: 'teal.9' };
}

function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  busy,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy: boolean;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      radius="lg"
      title={
        <Text fw={700} fz="lg">
          {title}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <Stack gap="md">
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Retour
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The plan, its state, the next renewal, the card notice and the invoices. */
function CurrentSubscription({ current, invoices }: { current: Current; invoices: Status['invoices'] }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => Promise.all([utils.subscriptions.status.invalidate(), utils.auth.me.invalidate()]);
  const failed = (error: unknown) => toastError('Erreur', error, 'Une erreur est survenue.');
  const cancel = trpc.subscriptions.cancel.useMutation({
    onSuccess: async () => {
      setConfirming(false);
      await refresh();
      toast({
        title: 'Annulation enregistrée',
        description: 'Votre abonnement reste actif jusqu’à la fin de la période.',
      });
    },
    onError: failed,
  });
  const resume = trpc.subscriptions.resume.useMutation({
    onSuccess: async () => {
      await refresh();
      toast({ title: 'Abonnement repris', description: 'Il sera renouvelé normalement.' });
    },
    onError: failed,
  });
  const portal = trpc.subscriptions.portal.useMutation({
    onSuccess: ({ url }) => window.location.assign(url),
    onError: failed,
  });
  const plan = findPlan(current.plan)!;
  const renewal = current.nextRenewal ? findPlan(current.nextRenewal.plan)! : null;
  const state = stateOf(current);
  const endDate = current.currentPeriodEnd ? formatDate(current.currentPeriodEnd) : null;
  const live = current.status !== 'canceled';

  return (
    <Card withBorder radius="lg" p="lg" data-testid="subscription">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            Votre abonnement
          </Text>
          <Title order={2} fz={24}>
            Formule {plan.name}
          </Title>
          <Text c="dimmed" fz="sm">
            {euros(plan.priceCents)} par mois · {formatCredits(plan.credits)} crédits par mois
          </Text>
        </div>
        <Badge variant="filled" color={state.color} size="lg">
          {state.label}
        </Badge>
      </Group>
      <Stack gap="sm">
        {current.pastDue ? (
          <Alert color="red" variant="light" title="Le dernier paiement a échoué">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">
                Mettez à jour votre carte pour garder votre abonnement. Les crédits déjà reçus restent sur votre compte.
              </Text>
              <Button
                size="xs"
                color="red"
                loading={portal.isPending}
                onClick={() => portal.mutate({ returnUrl: `${window.location.origin}/account?tab=credits` })}
              >
                Mettre à jour la carte
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {renewal && current.nextRenewal ? (
          <Text data-testid="next-renewal">
            Prochain renouvellement le <strong>{formatDate(current.nextRenewal.date)}</strong> :{' '}
            {renewal.id === plan.id ? null : (
              <>
                formule <strong>{renewal.name}</strong>,{' '}
              </>
            )}
            {euros(current.nextRenewal.amountCents)}, {formatCredits(current.nextRenewal.credits)} crédits.
            {renewal.id === plan.id ? null : ` D'ici là, vous gardez la formule ${plan.name} déjà payée.`}
          </Text>
        ) : null}
        {live && current.cancelAtPeriodEnd && endDate ? (
          <Text data-testid="subscription-end">
            Votre abonnement prendra fin le <strong>{endDate}</strong>. Vos crédits restent sur votre compte.
          </Text>
        ) : null}
        {!live && endDate ? <Text c="dimmed">Abonnement terminé le {endDate}.</Text> : null}
        {live ? (
          <Group>
            {current.cancelAtPeriodEnd ? (
              <Button variant="light" loading={resume.isPending} onClick={() => resume.mutate()}>
                Reprendre l'abonnement
              </Button>
            ) : (
              <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                Annuler l'abonnement
              </Button>
            )}
          </Group>
        ) : null}
        {invoices.length > 0 ? <Invoices invoices={invoices} /> : null}
      </Stack>
      {confirming ? (
        <ConfirmDialog
          title="Annuler l'abonnement ?"
          confirmLabel="Annuler l'abonnement"
          busy={cancel.isPending}
          onConfirm={() => cancel.mutate()}
          onClose={() => setConfirming(false)}
        >
          <Text>
            Il restera actif jusqu'au {endDate ?? 'terme de la période payée'}, puis ne sera plus renouvelé. Vos crédits
            restent sur votre compte, et vous pouvez reprendre l'abonnement d'ici là.
          </Text>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}

function Invoices({ invoices }: { invoices: Status['invoices'] }) {
  return (
    <div>
      <Title order={3} fz="md" mt="sm" mb="xs">
        Factures
      </Title>
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="xs" data-testid="invoices">
          <Table.Tbody>
            {invoices.map((invoice) => (
              <Table.Tr key={invoice.id}>
                <Table.Td>{formatDate(invoice.paidAt)}</Table.Td>
                <Table.Td>{euros(invoice.amountCents)}</Table.Td>
                <Table.Td>+{formatCredits(invoice.credits)} crédits</Table.Td>
                <Table.Td ta="right">
                  {invoice.url ? (
                    <Anchor href={invoice.url} target="_blank" rel="noreferrer" fz="sm">
                      Voir la facture
                    </Anchor>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

/**
 * A plan's button says what it does: subscribe, change to it (confirmed first), keep the plan paid
 * for instead of a scheduled downgrade, or nothing for the plan the next renewal brings.
 */
function PlanAction({ plan, current }: { plan: SubscriptionPlan; current: Current | null }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const paymentsOpen = usePaymentsOpen();
  const paid = current ? findPlan(current.plan) : undefined;
  // Only a plan above the one paid for changes now; a cheaper one waits for the renewal.
  const now = !paid || plan.priceCents >= paid.priceCents;
  const change = trpc.subscriptions.subscribe.useMutation({
    onSuccess: async (result) => {
      setConfirming(false);
      // The bank asks to confirm the payment (3-D Secure): the checkout page takes it from here.
      if (result.clientSecret) {
        const handed: HandedPayment = { clientSecret: result.clientSecret, amountDueCents: result.amountDueCents };
        void navigate(`/checkout?plan=${plan.id}`, { state: handed });
        return;
      }
      await Promise.all([
        utils.subscriptions.status.invalidate(),
        utils.auth.me.invalidate(),
        utils.account.get.invalidate(),
        utils.credits.history.invalidate(),
      ]);
      toast({
        title: 'Formule changée',
        description: now
          ? `Vous avez la formule ${plan.name}.`
          : `Vous passerez à la formule ${plan.name} au renouvellement.`,
      });
    },
    onError: (error) => toastError('Erreur', error, 'Une erreur est survenue.'),
  });
  const live = current && current.status !== 'canceled';
  if (!live) {
    if (!paymentsOpen) return <ClosedOfferButton />;
    return (
      <Button component={Link} to={`/checkout?plan=${plan.id}`} mt="auto" variant={plan.popular ? 'filled' : 'light'}>
        S'abonner
      </Button>
    );
  }
  const renewing = current.nextRenewal?.plan ?? current.plan;
  if (renewing === plan.id) {
    return (
      <Button mt="auto" variant="default" disabled>
        {current.plan === plan.id ? 'Formule actuelle' : 'Prévue au renouvellement'}
      </Button>
    );
  }
  const wording = changeWording(plan, paid!)[plan.id === paid?.id ? 'keep' : now ? 'upgrade' : 'downgrade'];
  return (
    <>
      <Button mt="auto" variant="light" onClick={() => setConfirming(true)}>
        {wording.button}
      </Button>
      {confirming ? (
        <ConfirmDialog
          title={wording.title}
          confirmLabel={wording.confirm}
          busy={change.isPending}
          onConfirm={() => change.mutate({ plan: plan.id })}
          onClose={() => setConfirming(false)}
        >
          <Text>{wording.text}</Text>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** What a change of plan says, by what it does: pay the difference now, keep the paid plan, or wait for the renewal. */
function changeWording(plan: SubscriptionPlan, paid: SubscriptionPlan) {
  const monthly = `${euros(plan.priceCents)} et ${formatCredits(plan.credits)} crédits par mois`;
  return {
    upgrade: {
      button: 'Changer de formule',
      title: `Passer à la formule ${plan.name} ?`,
      confirm: 'Payer et changer',
      text: `Vous payez aujourd'hui, avec votre carte enregistrée, la différence avec la formule ${paid.name} déjà payée pour le reste du mois, et recevez aussitôt les crédits correspondants. Ensuite : ${monthly}.`,
    },
    keep: {
      button: 'Garder cette formule',
      title: `Garder la formule ${plan.name} ?`,
      confirm: 'Garder',
      text: `Rien à payer aujourd'hui : elle est déjà payée jusqu'au renouvellement, qui reste à ${monthly}.`,
    },
    downgrade: {
      button: 'Changer de formule',
      title: `Passer à la formule ${plan.name} ?`,
      confirm: 'Changer au renouvellement',
      text: `Votre formule ${paid.name}, déjà payée, reste jusqu'au renouvellement ; ensuite : ${monthly}. Rien à payer aujourd'hui.`,
    },
  };
}

/** The account's subscription, if any, then the three plans. */
export function SubscriptionSection() {
  // Shade 9 on light cards, 4 on dark ones: both above the 4.5:1 that small text needs.
  const savingColor = useComputedColorScheme('light') === 'dark' ? 'teal.4' : 'teal.9';
  const status = trpc.subscriptions.status.useQuery();
  if (!status.data) return <Skeleton h={220} radius="lg" />;
  const current = status.data.subscription;
  return (
    <>
      {current ? <CurrentSubscription current={current} invoices={status.data.invoices} /> : null}
      <OfferSection
        title="Abonnements mensuels"
        intro="Des crédits chaque mois, sans engagement. Les crédits non utilisés restent sur votre compte d'un mois à l'autre."
      >
        {SUBSCRIPTION_PLANS.map((plan) => (
          <OfferCard key={plan.id} name={plan.name} nameSize="lg" popular={plan.popular} testId={`plan-${plan.id}`}>
            <Text fw={700} fz="xl">
              {euros(plan.priceCents)}
              <Text span c="dimmed" fz="sm">
                {' '}
                /mois
              </Text>
            </Text>
            <Text c="dimmed" fz="sm">
              {formatCredits(plan.credits)} crédits par mois · ≈ {imagesFor(plan.credits)} images
            </Text>
            <Text fz="sm" fw={600} c={savingColor}>
              {planExtraWords(plan)}
            </Text>
            <PlanAction plan={plan} current={current} />
          </OfferCard>
        ))}
      </OfferSection>
    </>
  );
}
