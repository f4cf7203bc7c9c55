import { ActionIcon, Button, Menu, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  IconBook2,
  IconFileText,
  IconPhoto,
  IconShieldLock,
  IconTopologyStar3,
  IconUser,
  IconUsersGroup,
  IconWand,
  type Icon,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { LEGAL_PAGES, PLACES } from '../lib/places';
import { trpc } from '../lib/trpc';
import { initialOf, useCurrentUser } from '../lib/user';

const STUDIO_PATHS = ['/create', '/transform', '/mobile-transform'];

interface MenuPlace {
  path: string;
  label: string;
  icon: Icon;
  /** Whether the page at this path is this place (by default: the path itself). */
  current?: (path: string) => boolean;
}

const MENU_PLACES: readonly MenuPlace[] = [
  { ...PLACES.studio, icon: IconWand, current: (path: string) => STUDIO_PATHS.includes(path) },
  { ...PLACES.gallery, icon: IconPhoto },
  { ...PLACES.library, icon: IconBook2 },
  { ...PLACES.workflow, icon: IconTopologyStar3 },
  { ...PLACES.feed, icon: IconUsersGroup, current: (path: string) => path === '/' || path === '/home' },
  { ...PLACES.account, icon: IconUser },
];

/**
 * The round account button with the user's initial, opening the menu of every place of the app
 * (and the legal pages, for the screens without a footer); for a visitor, `visitor` where given
 * (a bar short of room), else 'Connexion'.
 */
export function AccountMenu({ visitor }: { visitor?: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const { pathname } = useLocation();
  // The console's entry, for administrators only (the server refuses the console to anyone else).
  const isAdmin = trpc.admin.access.useQuery(undefined, { enabled: Boolean(user) }).data?.isAdmin === true;
  if (isPending) return null;
  if (!user) {
    return (
      visitor ?? (
        <Button component={Link} to="/auth" variant="light" radius="xl" size="sm">
          Connexion
        </Button>
      )
    );
  }
  return (
    <Menu position="bottom-end" shadow="md" width={250} withinPortal>
      <Menu.Target>
        <ActionIcon
          size={38}
          radius="xl"
          variant="gradient"
          gradient={{ from: 'violet', to: 'pink' }}
          aria-label="Menu du compte"
          data-testid="account-button"
        >
          <span style={{ fontWeight: 700 }}>{initialOf(user)}</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fz="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {user.firstName}
          </Text>
          <Text fz="xs" truncate="end">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {MENU_PLACES.map(({ path, label, icon: Icon, current = (at: string) => at === path }) => (
          <Menu.Item
            key={path}
            component={Link}
            to={path}
            leftSection={<Icon size={16} aria-hidden />}
            aria-current={current(pathname) ? 'page' : undefined}
            fw={current(pathname) ? 700 : undefined}
          >
            {label}
          </Menu.Item>
        ))}
        {isAdmin && (
          <Menu.Item
            component={Link}
            to="/admin"
            leftSection={<IconShieldLock size={16} aria-hidden />}
            aria-current={pathname === '/admin' ? 'page' : undefined}
          >
            Administration
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Label>Informations</Menu.Label>
        {LEGAL_PAGES.map(({ path, label }) => (
          <Menu.Item key={path} component={Link} to={path} leftSection={<IconFileText size={16} aria-hidden />} fz="xs">
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
