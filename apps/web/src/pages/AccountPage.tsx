import { ActionIcon, Button, Card, Center, Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCredits } from '../lib/format';
import { AppHeader } from '../components/AppHeader';
import { ThemeToggle } from '../components/ThemeToggle';
import { useSignedOut } from '../lib/sign-out';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';
import { CreditsTab } from './account/CreditsTab';
import { ApiTokensCard } from './account/ApiTokensCard';
import { MyDataCard } from './account/MyDataCard';
import { ProfileTab } from './account/ProfileTab';
import { SessionsCard } from './account/SessionsCard';

const TABS = ['profile', 'credits', 'settings'] as const;
type Tab = (typeof TABS)[number];

/**
 * Back from a payment that needed a redirect (3-D Secure…): Stripe adds `payment_intent` to the
 * address. The server checks the intent with Stripe and credits it once.
 */
function useRedirectedPayment(): void {
  const [params, setParams] = useSearchParams();
  const utils = trpc.useUtils();
  const confirm = trpc.payments.confirm.useMutation();
  const handled = useRef(false);
  const intentId = params.get('payment_intent');
  useEffect(() => {
    if (!intentId || handled.current) return;
    handled.current = true;
    setParams({ tab: 'credits' }, { replace: true });
    confirm.mutate(
      { paymentIntentId: intentId },
      {
        onSuccess: (result) => {
          if (result.status === 'succeeded') {
            toast({
              title: 'Paiement réussi !',
              description: `${formatCredits(result.credits)} crédits ont été ajoutés à votre compte.`,
            });
          } else {
            toast({
              title: 'Paiement échoué',
              description: 'Une erreur est survenue lors du paiement.',
              variant: 'destructive',
            });
          }
          void utils.account.get.invalidate();
          void utils.credits.history.invalidate();
        },
      },
    );
  }, [intentId, confirm, setParams, utils]);
}

export function AccountPage() {
  const [params, setParams] = useSearchParams();
  const signedOut = useSignedOut();
  const account = trpc.account.get.useQuery();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'profile';
  useRedirectedPayment();

  const logout = trpc.auth.logout.useMutation({
    onSuccess: signedOut,
    onError: () => toast({ title: 'Erreur lors de la déconnexion. Veuillez réessayer.', variant: 'destructive' }),
  });

  return (
    <>
      <AppHeader />
      <Container component="main" size="md" py="xl">
        <Group justify="space-between" mb="lg">
          <Title order={1} fz={30}>
            Mon Compte
          </Title>
          <ActionIcon component={Link} to="/create" variant="subtle" size="lg" radius="xl" aria-label="Fermer">
            <IconX size={20} aria-hidden />
          </ActionIcon>
        </Group>
        {account.isPending ? (
          <Center py={60}>
            <Loader />
          </Center>
        ) : !account.data ? (
          <Card withBorder radius="lg" p="xl">
            <Stack align="flex-start">
              <Text>Connectez-vous pour voir votre compte.</Text>
              <Button component={Link} to="/auth">
                Connexion
              </Button>
            </Stack>
          </Card>
        ) : (
          <Tabs
            value={tab}
            onChange={(value) => setParams(value && value !== 'profile' ? { tab: value } : {})}
            keepMounted={false}
          >
            <Tabs.List mb="lg">
              <Tabs.Tab value="profile">Profil</Tabs.Tab>
              <Tabs.Tab value="credits">Crédits</Tabs.Tab>
              <Tabs.Tab value="settings">Paramètres</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="profile">
              <ProfileTab account={account.data.user} onLogout={() => logout.mutate()} loggingOut={logout.isPending} />
            </Tabs.Panel>
            <Tabs.Panel value="credits">
              <CreditsTab credits={account.data.user.credits} />
            </Tabs.Panel>
            <Tabs.Panel value="settings">
              <Stack gap="md">
                <Card withBorder radius="lg" p="lg">
                  <Group justify="space-between">
                    <div>
                      <Text fw={600}>Thème</Text>
                      <Text fz="sm" c="dimmed">
                        Clair ou sombre ; votre choix est gardé sur cet appareil.
                      </Text>
                    </div>
                    <ThemeToggle />
                  </Group>
                </Card>
                <SessionsCard />
                <ApiTokensCard />
                <MyDataCard />
              </Stack>
            </Tabs.Panel>
          </Tabs>
        )}
      </Container>
    </>
  );
}
