import { PAYMENTS_CLOSED_MESSAGE } from '@atelier/catalog';
import { Alert, Button } from '@mantine/core';
import { trpc } from './trpc';

/** Whether the server takes payments (it has Stripe keys); open until it says otherwise. */
export function usePaymentsOpen(): boolean {
  const config = trpc.payments.config.useQuery(undefined, { staleTime: Infinity });
  return config.data?.publishableKey !== null;
}

/** An offer's button on a server that takes no payment: it says so before any click. */
export function ClosedOfferButton() {
  return (
    <Button mt="auto" variant="default" disabled>
      Pas encore ouvert
    </Button>
  );
}

/** The one sentence that explains the closed buttons, above the offers. */
export function PaymentsClosedNotice() {
  return (
    <Alert color="gray" variant="light" data-testid="payments-closed">
      {PAYMENTS_CLOSED_MESSAGE}
    </Alert>
  );
}
