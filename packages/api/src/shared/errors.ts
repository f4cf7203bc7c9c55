/** What went wrong, for the transports to map once (trpc.ts gives each its tRPC code and HTTP status). */
export type AppErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA'
  | 'INSUFFICIENT_CREDITS'
  | 'RATE_LIMITED'
  | 'UPSTREAM'
  /** A service this server relies on is not configured (e.g. payments without Stripe keys). */
  | 'UNAVAILABLE';

/**
 * The one error the services raise, free of any transport: a code, the French message a client
 * reads, and what some refusals add. tRPC and REST each map it once (trpc.ts).
 */
export class AppError extends Error {
  readonly appCode: AppErrorCode;
  /** Machine-readable code that clients read, e.g. `insufficient_credits`. */
  readonly clientCode: string | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** For a 429: when to try again (REST clients get it as `Retry-After`). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    appCode: AppErrorCode,
    message: string,
    extra: {
      clientCode?: string;
      fieldErrors?: Record<string, string[]>;
      retryAfterSeconds?: number;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = 'AppError';
    this.appCode = appCode;
    this.clientCode = extra.clientCode;
    this.fieldErrors = extra.fieldErrors;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

interface ValidationIssue {
  path: PropertyKey[];
  message: string;
}

/** A client input its schema refused: the first issue's French message, and every issue by field. */
export function invalidInput(issues: readonly ValidationIssue[]): AppError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return new AppError('VALIDATION', issues[0]?.message ?? commonMessages.invalidInput, { fieldErrors });
}

export const commonMessages = {
  unauthenticated: 'Utilisateur non connecté',
  forbidden: "Vous n'avez pas accès à cette ressource.",
  invalidInput: 'Données invalides',
  notFound: 'Ressource introuvable',
  invalidId: 'Identifiant invalide',
  internal: 'Une erreur inattendue est survenue.',
  rateLimited: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  databaseUnavailable: 'Service momentanément indisponible. Veuillez réessayer dans quelques instants.',
  storageFull: 'Espace de stockage insuffisant sur le serveur. Veuillez réessayer plus tard.',
  storageUnavailable: 'Le stockage des fichiers est momentanément indisponible. Veuillez réessayer plus tard.',
  /** A webhook (Stripe's, Replicate's) whose signature does not match its secret. */
  invalidWebhookSignature: 'Signature du webhook invalide.',
} as const;

/**
 * What a refusal says when nothing more precise is known than its HTTP status: tRPC's own
 * refusals (a wrong method, an unknown procedure) and the server's (a body too large, headers too
 * long) read like the services' own.
 */
const statusMessages: Record<number, string> = {
  400: 'Requête invalide',
  401: commonMessages.unauthenticated,
  403: commonMessages.forbidden,
  404: commonMessages.notFound,
  405: 'Méthode non autorisée pour cette adresse',
  412: 'Le fichier a changé depuis la version indiquée',
  408: 'La requête a pris trop de temps.',
  413: 'Requête trop volumineuse',
  414: 'Adresse de la requête trop longue',
  415: 'Type de contenu non supporté',
  416: 'La plage demandée est hors du fichier',
  429: commonMessages.rateLimited,
  431: 'En-têtes de la requête trop volumineux',
};

/** The French message for a status; anything but a 4xx is a bug, of which nothing is said. */
export function messageForStatus(status: number): string {
  if (status < 400 || status >= 500) return commonMessages.internal;
  return statusMessages[status] ?? statusMessages[400]!;
}
