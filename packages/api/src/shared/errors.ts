import { TRPCError } from '@trpc/server';

export const APP_ERROR_CODES = {
  VALIDATION: { trpc: 'BAD_REQUEST', status: 400 },
  UNAUTHENTICATED: { trpc: 'UNAUTHORIZED', status: 401 },
  FORBIDDEN: { trpc: 'FORBIDDEN', status: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', status: 404 },
  CONFLICT: { trpc: 'CONFLICT', status: 409 },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', status: 413 },
  UNSUPPORTED_MEDIA: { trpc: 'UNSUPPORTED_MEDIA_TYPE', status: 415 },
  INSUFFICIENT_CREDITS: { trpc: 'PAYMENT_REQUIRED', status: 402 },
  RATE_LIMITED: { trpc: 'TOO_MANY_REQUESTS', status: 429 },
  UPSTREAM: { trpc: 'BAD_GATEWAY', status: 502 },
  /** A service this server relies on is not configured (e.g. payments without Stripe keys). */
  UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', status: 503 },
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_CODES;

/**
 * The one error the services raise. It is a TRPCError so tRPC keeps its code; the error
 * formatter adds `appCode`, `error` and `fieldErrors` for clients.
 */
export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  /** Machine-readable code that REST clients read, e.g. `insufficient_credits`. */
  readonly clientCode: string | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;

  constructor(
    appCode: AppErrorCode,
    message: string,
    extra: { clientCode?: string; fieldErrors?: Record<string, string[]>; cause?: unknown } = {},
  ) {
    super({ code: APP_ERROR_CODES[appCode].trpc, message, cause: extra.cause });
    this.name = 'AppError';
    this.appCode = appCode;
    this.clientCode = extra.clientCode;
    this.fieldErrors = extra.fieldErrors;
  }
}

export const commonMessages = {
  unauthenticated: 'Utilisateur non connecté',
  forbidden: "Vous n'avez pas accès à cette ressource.",
  invalidInput: 'Données invalides',
  notFound: 'Ressource introuvable',
  invalidId: 'Identifiant invalide',
  internal: 'Une erreur inattendue est survenue.',
  rateLimited: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
} as const;
