import { ActionIcon, Button } from '@mantine/core';
import { Link } from 'react-router';
import { initialOf, useCurrentUser } from '../lib/user';

/** The round account button with the user's initial, or 'Connexion' for a visitor. */
export function AccountButton() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return null;
  if (!user) {
    return (
      <Button component={Link} to="/auth" variant="light" radius="xl" size="sm">
        Connexion
      </Button>
    );
  }
  return (
    <ActionIcon
      component={Link}
      to="/account"
      size={38}
      radius="xl"
      variant="gradient"
      gradient={{ from: 'violet', to: 'pink' }}
      aria-label="Mon compte"
      data-testid="account-button"
    >
      <span style={{ fontWeight: 700 }}>{initialOf(user)}</span>
    </ActionIcon>
  );
}
