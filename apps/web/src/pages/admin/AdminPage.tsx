import { Container, Group, Loader, Tabs, Title } from '@mantine/core';
import { IconChartBar, IconFlag, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { AppHeader } from '../../components/AppHeader';
import { Notice } from '../../components/Notice';
import { trpc } from '../../lib/trpc';
import { MembersPanel } from './MembersPanel';
import { OverviewPanel } from './OverviewPanel';
import { ReportsPanel } from './ReportsPanel';

const TABS = [
  { value: 'reports', label: 'Signalements', icon: IconFlag, Panel: ReportsPanel },
  { value: 'members', label: 'Membres', icon: IconUsers, Panel: MembersPanel },
  { value: 'overview', label: 'Activité', icon: IconChartBar, Panel: OverviewPanel },
] as const;

/** `/admin`: the operator's console, for the accounts of ADMIN_EMAILS; the server refuses anyone else. */
export function AdminPage() {
  const access = trpc.admin.access.useQuery();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find(({ value }) => value === params.get('tab')) ?? TABS[0];
  return (
    <>
      <AppHeader />
      <Container component="main" size="lg" py="xl" px={{ base: 'xs', sm: 'md' }}>
        {access.isPending ? (
          <Group justify="center" py="xl">
            <Loader aria-label="Chargement" />
          </Group>
        ) : !access.data?.isAdmin ? (
          <Notice
            titleOrder={1}
            icon={<IconShieldLock size={28} />}
            title="Réservé aux administrateurs"
            description="Cette console est celle de l'équipe d'Atelier : connectez-vous avec un compte administrateur."
          />
        ) : (
          <>
            <Title order={1} fz={{ base: 22, sm: 28 }} mb="md">
              Console d'administration
            </Title>
            <Tabs
              value={tab.value}
              onChange={(value) => value && setParams({ tab: value }, { replace: true })}
              keepMounted={false}
            >
              <Tabs.List mb="lg">
                {TABS.map(({ value, label, icon: Icon }) => (
                  <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
                    {label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {TABS.map(({ value, Panel }) => (
                <Tabs.Panel key={value} value={value}>
                  <Panel />
                </Tabs.Panel>
              ))}
            </Tabs>
          </>
        )}
      </Container>
    </>
  );
}
