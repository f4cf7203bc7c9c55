import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearToasts } from './toast';
import { trpc } from './trpc';

/**
 * What follows a sign-out of this browser: the toasts said to the person leaving go, every cached
 * answer about the account is dropped (kept, the Back button would show it again), and the studio
 * asks to sign in, in place of the page left, so that Back does not return to it.
 */
export function useSignedOut(): () => void {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return () => {
    clearToasts();
    queryClient.removeQueries();
    utils.auth.me.setData(undefined, null);
    void navigate('/create?logout=true', { replace: true });
  };
}
