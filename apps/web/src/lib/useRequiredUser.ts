import { useEffect } from 'react';
import { toast } from './toast';
import { useCurrentUser } from './user';

/** The signed-in user of a private page; a visitor is told once, with the spec's toast. */
export function useRequiredUser() {
  const current = useCurrentUser();
  const visitor = current.isSuccess && current.data === null;
  useEffect(() => {
    if (visitor) toast({ title: 'Utilisateur non connecté', description: 'Connectez-vous pour accéder à vos images.', variant: 'destructive' });
  }, [visitor]);
  return current;
}
