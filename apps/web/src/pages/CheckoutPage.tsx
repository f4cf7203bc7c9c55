import {
  Button,
  Card,
  Center,
  Container,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import { findPlan, PAYMENTS_CLOSED_MESSAGE, planExtraPercent, type PlanId } from '@atelier/catalog';
import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { IconCircleCheck } from '@tabler/icons-react';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppHeader } from '../components/AppHeader';
import { SignInPrompt } from '../components/SignInPrompt';
import { euros, formatCredits } from '../lib/format';
import { toast } from '../lib/toast';
import { errorMessage, isTermsError, trpc } from '../lib/trpc';
import { useCurrentUser } from '../lib/user';
import { PaymentForm, type CheckoutOrder, type HandedPayment } from './checkout/PaymentForm';
import { TermsStep } from './checkout/TermsStep';

const SUCCESS_REDIRECT_MS = 3000;
const DEFAULT_CREDITS = 1000;
const DEFAULT_AMOUNT = 5;

type Checkout =
  | { state: 'loading' }
  | { state: 'unavailable' }
  | { state: 'closed' }
  /** The CGU / CGV in force are not accepted yet: asked before anything is paid. */
  | { state: 'terms' }
  | { state: 'form'; clientSecret: string; stripe: Promise<Stripe | null> }
  | { state: 'success'; credits: number };

/** A pack (`?credits=&amount=`), or a plan (`?plan=`): the server decides whether either is on sale. */
type Purchase = { kind: 'pack'; credits: number; amount: number } | { kind: 'plan'; planId: string };

/** The query values as given, with their defaults. */
function readPurchase(params: URLSearchParams): Purchase {
  const planId = params.get('plan');
  if (planId !== null) return { kind: 'plan', planId };
  const credits = Number.parseInt(params.get('credits') ?? '', 10);
  const amount = Number.parseFloat(params.get('amount') ?? '');
  return {
    kind: 'pack',
    credits: Number.isFinite(credits) ? credits : DEFAULT_CREDITS,
    amount: Number.isFinite(amount) ? amount : DEFAULT_AMOUNT,
  };
}

function isNetworkFailure(error: unknown): boolean {
  return error instanceof TRPCClientError && !error.data && /fetch|network/i.test(error.message);
}

/** Buying credits needs an account: a visitor is asked to sign in first. */
export function CheckoutPage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Chargement" />
      </Center>
    );
  }
  if (!user) {
    return (
      <>
        <AppHeader />
        <Container component="main" size={560} py="xl" px="md">
          <SignInPrompt
            titleOrder={1}
            title="Connexion requise"
            description="Connectez-vous pour acheter des crédits ou vous abonner."
          />
        </Container>
      </>
    );
  }
  return <Checkout />;
}

/** What the form shows and how the payment is checked, for a pack, a plan, or a change of plan. */
function useOrder(purchase: Purchase, change: HandedPayment | undefined): CheckoutOrder {
  const confirmPack = trpc.payments.confirm.useMutation();
  const confirmPlan = trpc.subscriptions.confirm.useMutation();
  if (purchase.kind === 'pack') {
    const amount = `${purchase.amount.toFixed(2)} €`;
    return {
      title: 'Achat de crédits',
      description: "Ajoutez des crédits à votre compte pour continuer à utiliser les transformations d'images.",
      lines: [
        { label: 'Crédits à acheter', value: formatCredits(purchase.credits), testId: 'checkout-credits' },
        { label: 'Total à payer', value: amount, testId: 'checkout-amount' },
      ],
      payLabel: `Payer ${amount}`,
      paidTitle: 'Paiement réussi !',
      confirm: async (paymentIntentId) => (await confirmPack.mutateAsync({ paymentIntentId })).credits,
    };
  }
  const plan = findPlan(purchase.planId);
  const price = plan ? euros(plan.priceCents) : '';
  const today = change?.amountDueCents != null ? euros(change.amountDueCents) : price;
  return {
    title: change ? `Passer à la formule ${plan?.name ?? ''}` : `Abonnement ${plan?.name ?? ''}`,
    description: change
      ? 'Votre banque demande de confirmer le paiement de la différence pour le reste du mois.'
      : 'Des crédits chaque mois, sans engagement : annulable à tout moment depuis votre compte.',
    lines: [
      { label: 'Crédits chaque mois', value: formatCredits(plan?.credits ?? 0), testId: 'checkout-credits' },
      ...(plan
        ? [
            {
              label: "Crédits en plus qu'avec les packs",
              value: `+${planExtraPercent(plan)} %`,
              testId: 'checkout-saving',
            },
          ]
        : []),
      { label: "À payer aujourd'hui", value: today, testId: 'checkout-amount' },
    ],
    payLabel: change ? `Payer ${today} et changer de formule` : `Payer ${price} et s'abonner`,
    paidTitle: change ? 'Formule changée !' : 'Abonnement activé !',
    note: `Puis ${price} par mois, renouvelé automatiquement. Les crédits non utilisés restent sur votre compte.`,
    confirm: async () => (await confirmPlan.mutateAsync()).credits,
  };
}

function Checkout() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const utils = trpc.useUtils();
  const createIntent = trpc.payments.createIntent.useMutation();
  const subscribe = trpc.subscriptions.subscribe.useMutation();
  const [checkout, setCheckout] = useState<Checkout>({ state: 'loading' });
  // Each attempt opens the payment once: the first, then one after the terms are accepted.
  const [attempt, setAttempt] = useState(1);
  const started = useRef(0);
  // An upgrade the bank wants confirmed (3-D Secure) arrives from the account page with its secret.
  const handed = (location.state as HandedPayment | null) ?? undefined;
  const handedSecret = handed?.clientSecret;
  const purchase = readPurchase(params);
  const order = useOrder(purchase, handed);
  const dark = useComputedColorScheme('light') === 'dark';

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    /** The client secret to confirm, or null when the user goes back to their account instead. */
    const openPayment = async (): Promise<string | null> => {
      const purchase = readPurchase(params);
      if (purchase.kind === 'pack') {
        return (await createIntent.mutateAsync({ credits: purchase.credits, amount: purchase.amount })).clientSecret;
      }
      if (handedSecret) return handedSecret;
      // A subscriber changes plan from the account page, where the change is explained and confirmed first.
      const { subscription } = await utils.subscriptions.status.fetch();
      if (subscription && subscription.status !== 'canceled') {
        toast({ title: 'Déjà abonné', description: 'Changez de formule depuis votre compte.' });
        void navigate('/account?tab=credits', { replace: true });
        return null;
      }
      return (await subscribe.mutateAsync({ plan: purchase.planId as PlanId })).clientSecret;
    };

    void (async () => {
      try {
        const { publishableKey } = await utils.payments.config.fetch();
        if (!publishableKey) {
          setCheckout({ state: 'closed' });
          return;
        }
        const clientSecret = await openPayment();
        if (clientSecret) setCheckout({ state: 'form', clientSecret, stripe: loadStripe(publishableKey) });
      } catch (error) {
        if (isTermsError(error)) {
          setCheckout({ state: 'terms' });
          return;
        }
        const description = isNetworkFailure(error)
          ? 'Impossible de se connecter au service de paiement.'
          : errorMessage(error, 'Impossible de créer la session de paiement.');
        toast({ title: 'Erreur', description, variant: 'destructive' });
        setCheckout({ state: 'unavailable' });
      }
    })();
  }, [utils, params, handedSecret, createIntent, subscribe, navigate, attempt]);

  useEffect(() => {
    if (checkout.state !== 'success') return;
    const timer = setTimeout(() => void navigate('/account'), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [checkout.state, navigate]);

  const onPaid = (added: number) => {
    toast({
      title: order.paidTitle,
      description: `${formatCredits(added)} crédits ont été ajoutés à votre compte.`,
    });
    void utils.account.get.invalidate();
    void utils.auth.me.invalidate();
    void utils.credits.history.invalidate();
    void utils.subscriptions.status.invalidate();
    setCheckout({ state: 'success', credits: added });
  };

  return (
    <>
      <AppHeader />
      <Center component="main" px="md" py={{ base: 'lg', sm: 48 }}>
        {checkout.state === 'loading' ? (
          <Stack align="center" py={60} gap="sm">
            <Loader />
            <Text>Préparation du paiement...</Text>
          </Stack>
        ) : checkout.state === 'unavailable' || checkout.state === 'closed' ? (
          <Card withBorder radius="lg" p="xl" maw={460} w="100%">
            <Stack align="center" ta="center" gap="md">
              <Title order={1} fz={22}>
                Service de paiement non disponible.
              </Title>
              <Text c="dimmed" fz="sm">
                {checkout.state === 'closed'
                  ? PAYMENTS_CLOSED_MESSAGE
                  : "Réessayez un peu plus tard ; aucun montant n'a été débité."}
              </Text>
              <Button component={Link} to="/account">
                Retour au compte
              </Button>
            </Stack>
          </Card>
        ) : checkout.state === 'terms' ? (
          <TermsStep
            onAccepted={() => {
              setCheckout({ state: 'loading' });
              setAttempt((current) => current + 1);
            }}
          />
        ) : checkout.state === 'success' ? (
          <Card withBorder radius="lg" p="xl" maw={460} w="100%">
            <Stack align="center" ta="center" gap="sm">
              <ThemeIcon size={56} radius="xl" color="teal" variant="light">
                <IconCircleCheck size={34} aria-hidden />
              </ThemeIcon>
              <Title order={1} fz={24}>
                {order.paidTitle}
              </Title>
              <Text>{formatCredits(checkout.credits)} crédits ont été ajoutés à votre compte.</Text>
              <Text c="dimmed" fz="sm">
                Redirection vers votre compte...
              </Text>
            </Stack>
          </Card>
        ) : (
          <Elements
            stripe={checkout.stripe}
            options={{
              clientSecret: checkout.clientSecret,
              locale: 'fr',
              appearance: {
                theme: dark ? 'night' : 'stripe',
                variables: { colorPrimary: '#7048e8', borderRadius: '8px' },
              },
            }}
          >
            <PaymentForm order={order} onPaid={onPaid} />
          </Elements>
        )}
      </Center>
    </>
  );
}
