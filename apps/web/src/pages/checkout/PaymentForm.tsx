import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCredits } from '../../lib/format';
import { toast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';

export const checkoutMessages = {
  notReady: "Le système de paiement n'est pas encore prêt.",
  failedFallback: 'Une erreur est survenue lors du paiement.',
  unexpected: 'Une erreur inattendue est survenue.',
} as const;

interface PaymentFormProps {
  credits: number;
  amount: number;
  onPaid: (credits: number) => void;
}

/** The card form: Stripe Elements for the payment details, our summary and the pay button. */
export function PaymentForm({ credits, amount, onPaid }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = trpc.payments.confirm.useMutation();
  const amountText = amount.toFixed(2);

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
      const result = await confirm.mutateAsync({ paymentIntentId: paymentIntent.id });
      onPaid(result.credits);
    } catch (error) {
      toast({ title: 'Erreur', description: errorMessage(error, checkoutMessages.unexpected), variant: 'destructive' });
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
              Achat de crédits
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              Ajoutez des crédits à votre compte pour continuer à utiliser les transformations d'images.
            </Text>
          </div>
          <PaymentElement onReady={() => setReady(true)} options={{ layout: 'tabs' }} />
          <Card bg="var(--mantine-color-default-hover)" radius="md" p="md">
            <Group justify="space-between">
              <Text>Crédits à acheter</Text>
              <Text fw={700} data-testid="checkout-credits">
                {formatCredits(credits)}
              </Text>
            </Group>
            <Divider my="xs" />
            <Group justify="space-between">
              <Text>Total à payer</Text>
              <Text fw={800} fz="lg" data-testid="checkout-amount">
                {amountText} €
              </Text>
            </Group>
          </Card>
          <Button type="submit" size="md" disabled={!stripe || !ready || busy}>
            {busy ? 'Traitement en cours...' : `Payer ${amountText} €`}
          </Button>
          <Button component={Link} to="/account" variant="subtle">
            Retour au compte
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
