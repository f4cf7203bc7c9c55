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
import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { IconCircleCheck } from '@tabler/icons-react';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AppHeader } from '../components/AppHeader';
import { SignInPrompt } from '../components/SignInPrompt';
import { formatCredits } from '../lib/format';
import { toast } from '../lib/toast';
import { errorMessage, trpc } from '../lib/trpc';
import { useCurrentUser } from '../lib/user';
import { PaymentForm } from './checkout/PaymentForm';

const SUCCESS_REDIRECT_MS = 3000;
const DEFAULT_CREDITS = 1000;
const DEFAULT_AMOUNT = 5;

type Checkout =
  | { state: 'loading' }
  | { state: 'unavailable' }
  | { state: 'form'; clientSecret: string; stripe: Promise<Stripe | null> }
  | { state: 'success'; credits: number };

/** The query values as given, with their defaults: the server decides whether they are a pack. */
function readPurchase(params: URLSearchParams): { credits: number; amount: number } {
  const credits = Number.parseInt(params.get('credits') ?? '', 10);
  const amount = Number.parseFloat(params.get('amount') ?? '');
  return {
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
            description="Connectez-vous pour acheter des crédits."
          />
        </Container>
      </>
    );
  }
  return <Checkout />;
}

function Checkout() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const createIntent = trpc.payments.createIntent.useMutation();
  const [checkout, setCheckout] = useState<Checkout>({ state: 'loading' });
  const started = useRef(false);
  const { credits, amount } = readPurchase(params);
  const dark = useComputedColorScheme('light') === 'dark';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const { publishableKey } = await utils.payments.config.fetch();
        if (!publishableKey) {
          toast({
            title: 'Configuration manquante',
            description: "Le système de paiement n'est pas configuré.",
            variant: 'destructive',
          });
          setCheckout({ state: 'unavailable' });
          return;
        }
        const { clientSecret } = await createIntent.mutateAsync({ credits, amount });
        setCheckout({ state: 'form', clientSecret, stripe: loadStripe(publishableKey) });
      } catch (error) {
        const description = isNetworkFailure(error)
          ? 'Impossible de se connecter au service de paiement.'
          : errorMessage(error, 'Impossible de créer la session de paiement.');
        toast({ title: 'Erreur', description, variant: 'destructive' });
        setCheckout({ state: 'unavailable' });
      }
    })();
  }, [utils, createIntent, credits, amount]);

  useEffect(() => {
    if (checkout.state !== 'success') return;
    const timer = setTimeout(() => void navigate('/account'), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [checkout.state, navigate]);

  const onPaid = (added: number) => {
    toast({
      title: 'Paiement réussi !',
      description: `${formatCredits(added)} crédits ont été ajoutés à votre compte.`,
    });
    void utils.account.get.invalidate();
    void utils.auth.me.invalidate();
    void utils.credits.history.invalidate();
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
        ) : checkout.state === 'unavailable' ? (
          <Card withBorder radius="lg" p="xl" maw={460} w="100%">
            <Stack align="center" ta="center" gap="md">
              <Title order={1} fz={22}>
                Service de paiement non disponible.
              </Title>
              <Text c="dimmed" fz="sm">
                Réessayez un peu plus tard ; aucun montant n'a été débité.
              </Text>
              <Button component={Link} to="/account">
                Retour au compte
              </Button>
            </Stack>
          </Card>
        ) : checkout.state === 'success' ? (
          <Card withBorder radius="lg" p="xl" maw={460} w="100%">
            <Stack align="center" ta="center" gap="sm">
              <ThemeIcon size={56} radius="xl" color="teal" variant="light">
                <IconCircleCheck size={34} aria-hidden />
              </ThemeIcon>
              <Title order={1} fz={24}>
                Paiement réussi !
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
            <PaymentForm credits={credits} amount={amount} onPaid={onPaid} />
          </Elements>
        )}
      </Center>
    </>
  );
}
