import { MEDIA_MESSAGES, MediaError, type MediaErrorCode } from '../../errors';
import { ReplicateHttpError } from './client';

/** Why a cloud step failed, as an operator sorts it: each has its own metric label and French message. */
export type CloudFailureReason =
  | 'unauthorized'
  | 'insufficient_credit'
  | 'invalid_input'
  | 'throttled'
  | 'moderation'
  | 'model_failed'
  | 'timeout'
  | 'canceled'
  | 'unreachable'
  | 'bad_output';

interface ReasonRule {
  code: MediaErrorCode;
  message: string;
  /** The operator must act (a key, a balance, our own input): logged as an error, not a warning. */
  operator: boolean;
}

/**
 * What a user reads for each reason. A moderation refusal says so and does not invite a retry;
 * what only the operator can fix (a revoked token, an empty balance, an input we built wrong)
 * reads as the service being unavailable. Nothing is charged in any case.
 */
const REASONS: Readonly<Record<CloudFailureReason, ReasonRule>> = {
  unauthorized: { code: 'UPSTREAM', message: MEDIA_MESSAGES.generationUnavailable, operator: true },
  insufficient_credit: { code: 'UPSTREAM', message: MEDIA_MESSAGES.generationUnavailable, operator: true },
  invalid_input: { code: 'UPSTREAM', message: MEDIA_MESSAGES.generationUnavailable, operator: true },
  throttled: { code: 'UPSTREAM', message: MEDIA_MESSAGES.generationBusy, operator: false },
  moderation: { code: 'VALIDATION', message: MEDIA_MESSAGES.generationRefused, operator: false },
  model_failed: { code: 'UPSTREAM', message: MEDIA_MESSAGES.generationFailed, operator: false },
  timeout: { code: 'UPSTREAM', message: MEDIA_MESSAGES.generationTimeout, operator: false },
  canceled: { code: 'UPSTREAM', message: MEDIA_MESSAGES.generationCanceled, operator: false },
  unreachable: { code: 'UPSTREAM', message: MEDIA_MESSAGES.generationUnavailable, operator: false },
  bad_output: { code: 'UPSTREAM', message: MEDIA_MESSAGES.generationFailed, operator: false },
};

const HTTP_REASONS: Readonly<Record<number, CloudFailureReason>> = {
  401: 'unauthorized',
  402: 'insufficient_credit',
  403: 'unauthorized',
  422: 'invalid_input',
  429: 'throttled',
};

/** Replicate's safety checker refuses with E005 ("flagged as sensitive"); models word their own filters alike. */
const MODERATION = /\bE005\b|sensitive|nsfw|safety|moderat|flagged|content polic/i;

export interface CloudFailureContext {
  model: string;
  predictionId?: string | undefined;
  /** The HTTP status Replicate answered, when the failure was an answer. */
  upstreamStatus?: number | undefined;
  /** Replicate's own words: the error's `detail`, or the failed prediction's `error`. */
  detail: string;
}

/** A cloud step's failure: a MediaError with the French message of its reason, and what an operator needs to act on. */
export class CloudFailure extends MediaError {
  constructor(
    readonly reason: CloudFailureReason,
    readonly context: CloudFailureContext,
    options?: { cause?: unknown },
  ) {
    super(REASONS[reason].code, REASONS[reason].message, options);
  }

  /** A failure that only the operator can remedy. */
  get needsOperator(): boolean {
    return REASONS[this.reason].operator;
  }

  /** For the log line: everything but the user's message. */
  toLog(): Record<string, unknown> {
    return { reason: this.reason, ...this.context };
  }
}

export function isCloudFailure(error: unknown): error is CloudFailure {
  return error instanceof CloudFailure;
}

/** A failed prediction's reason, from the words of its `error`. */
export function predictionFailureReason(error: unknown): CloudFailureReason {
  return MODERATION.test(errorWords(error)) ? 'moderation' : 'model_failed';
}

/** A prediction's `error` as text: usually a sentence, sometimes an object worth showing whole. */
export function errorWords(error: unknown): string {
  if (error === null || error === undefined) return '';
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/** Any error of a call to Replicate (an answer, the network, a time limit, our cancel) as a CloudFailure. */
export function cloudFailure(
  error: unknown,
  context: Omit<CloudFailureContext, 'detail'>,
  aborted: boolean,
): CloudFailure {
  if (error instanceof CloudFailure) return error;
  if (error instanceof ReplicateHttpError) {
    return new CloudFailure(
      HTTP_REASONS[error.status] ?? 'unreachable',
      { ...context, upstreamStatus: error.status, detail: error.detail },
      { cause: error },
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  if (aborted) return new CloudFailure('canceled', { ...context, detail }, { cause: error });
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return new CloudFailure(timedOut ? 'timeout' : 'unreachable', { ...context, detail }, { cause: error });
}
