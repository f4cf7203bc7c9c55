import { isMediaError, MEDIA_MESSAGES, type MediaErrorCode } from '@atelier/media';
import { AppError, type AppErrorCode } from '../shared/errors';

const CODES: Record<MediaErrorCode, AppErrorCode> = {
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA',
  VALIDATION: 'VALIDATION',
  UPSTREAM: 'UPSTREAM',
  NOT_FOUND: 'NOT_FOUND',
};

/** The media layer's refusals keep their French message; anything unexpected from an engine is an upstream failure. */
export function mediaFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isMediaError(error)) return new AppError(CODES[error.code], error.message, { cause: error });
  return new AppError('UPSTREAM', MEDIA_MESSAGES.generationFailed, { cause: error });
}
