import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/useErrorToast';

export const checkoutMessages = {
  notReady: "Le système de paiement n'est pas encore prêt.",
  failedFallback: 'Une erreur est survenue lors du paiement.',
  unexpected: 'Une erreur inattendue est survenue.',
} as const;

/** What is bought: a pack of credits, or a plan's first month. */
export interface CheckoutOrder {
  title: string;
  description: string;
  /** The summary's lines: what it gives, then what is paid today (the last line, in bold). */
  lines: { label: string; value: string; testId: string }[];
  payLabel: string;
  /** The title once paid. */
  paidTitle: string;
  /** After Stripe.js: the server checks with Stripe and answers the credits added (never twice). */
  confirm: (paymentIntentId: string) => Promise<number>;
  note?: string;
}

/** A plan change the bank wants confirmed (3-D Secure), handed over by the account page. */
export interface HandedPayment {
  clientSecret: string;
  /** The server's prorated amount, what the secret pays. */
  amountDueCents: number | null;
}

interface PaymentFormProps {
  order: CheckoutOrder;
  onPaid: (credits: number) => void;
}

/** The card form: Stripe Elements for the payment details, our summary and the pay button. */
export function PaymentForm({ order, onPaid }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);

  const pay = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!stripe || !elements || !ready) {
      toast({ title: 'Erreur', description: checkoutMessages.notReady, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/account?tab=credits` },
        redirect: 'if_required',
      });
      if (error || paymentIntent?.status !== 'succeeded') {
        toast({
          title: 'Paiement échoué',
          description: error?.message ?? checkoutMessages.failedFallback,
          variant: 'destructive',
        });
        return;
      }
      // The webhook may be late: the server checks with Stripe now, and never credits twice.
      onPaid(await order.confirm(paymentIntent.id));
    } catch (error) {
      toastError('Erreur', error, checkoutMessages.unexpected);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} w="100%" maw={560}>
      <form onSubmit={(e) => void pay(e)}>
        <Stack gap="lg">
          <div>
            <Title order={1} fz={26}>
              {order.title}
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              {order.description}
            </Text>
          </div>
          <PaymentElement onReady={() => setReady(true)} options={{ layout: 'tabs' }} />
          <Card bg="var(--mantine-color-default-hover)" radius="md" p="md">
            {order.lines.map((line, index) => {
              const total = index === order.lines.length - 1;
              return (
                <Fragment key={line.testId}>
                  {total ? <Divider my="xs" /> : null}
                  <Group justify="space-between">
                    <Text>{line.label}</Text>
                    <Text fw={total ? 800 : 700} fz={total ? 'lg' : undefined} data-testid={line.testId}>
                      {line.value}
                    </Text>
                  </Group>
                </Fragment>
              );
            })}
            {order.note ? (
              <Text c="dimmed" fz="xs" mt="xs">
                {order.note}
              </Text>
            ) : null}
          </Card>
          <Button type="submit" size="md" disabled={!stripe || !ready || busy}>
            {busy ? 'Traitement en cours...' : order.payLabel}
          </Button>
          <Button component={Link} to="/account" variant="subtle">
            Retour au compte
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
