import { isMediaError, MEDIA_MESSAGES, type MediaErrorCode } from '@atelier/media';
import { AppError, type AppErrorCode } from '../shared/errors';
import { storageFault } from '../shared/faults';

const CODES: Record<MediaErrorCode, AppErrorCode> = {
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA',
  VALIDATION: 'VALIDATION',
  UPSTREAM: 'UPSTREAM',
  NOT_FOUND: 'NOT_FOUND',
};

/**
 * The media layer's refusals keep their French message; a full or read-only disk is said as such
 * (507 or 503, to retry later); anything unexpected from an engine is an upstream failure.
 */
export function mediaFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fault = storageFault(error);
  if (fault) return fault;
  if (isMediaError(error)) return new AppError(CODES[error.code], error.message, { cause: error });
  return new AppError('UPSTREAM', MEDIA_MESSAGES.generationFailed, { cause: error });
}
