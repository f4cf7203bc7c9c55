import { MAX_BATCH_CALLS } from '@atelier/catalog';
import type { AppRouter } from '@atelier/api';
import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';

export const trpc = createTRPCReact<AppRouter>();
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The spec's cache rules: never refetched on focus, never stale, nothing retried. */
export function createClients() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
  const trpcClient = trpc.createClient({
    links: [
      // Subscriptions (job progress) arrive as server-sent events; everything else is batched.
      splitLink({
        condition: (operation) => operation.type === 'subscription',
        true: httpSubscriptionLink({ url: '/trpc', transformer: superjson }),
        false: httpBatchLink({
          url: '/trpc',
          transformer: superjson,
          maxItems: MAX_BATCH_CALLS,
          fetch: (url, options) => fetch(url, { ...(options as RequestInit), credentials: 'include' }),
        }),
      }),
    ],
  });
  return { queryClient, trpcClient };
}

/** What the app says when a call fails without a message of the server's. */
export const UNEXPECTED_ERROR = "Une erreur inattendue s'est produite. Veuillez réessayer.";

const hasClientCode = (error: unknown, code: string) =>
  error instanceof TRPCClientError && (error.data as { clientCode?: string } | undefined)?.clientCode === code;

/** The server refused for lack of credits: it says so with its machine code, `insufficient_credits`. */
export const isCreditsError = (error: unknown) => hasClientCode(error, 'insufficient_credits');

/** A purchase refused until the CGU / CGV in force are accepted (`terms_not_accepted`). */
export const isTermsError = (error: unknown) => hasClientCode(error, 'terms_not_accepted');

/** The French message the server gave, or the fallback when the call never reached it. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.message && !/fetch|network/i.test(error.message)) return error.message;
  return fallback;
}
