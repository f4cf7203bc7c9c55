import { performance } from 'node:perf_hooks';
import type { TransformedImage } from '@atelier/media';
import { Transformation, type EntityManager } from '@atelier/db';
import { withCreditHold } from '../credits/hold';
import { balanceOf, IMAGE_COST } from '../credits/ledger';
import { AppError } from '../shared/errors';
import type { MediaDeps } from '../media/deps';
import { mediaFailure } from '../media/errors';

export type GenerationKind = 'studio' | 'workflow' | 'node';

export interface GenerationRequest {
  userId: number;
  kind: GenerationKind;
  uploadId?: number | undefined;
  prompt: string;
  options: Record<string, unknown>;
}

export interface GenerationResult {
  transformationId: number;
  resultKey: string;
  /** The balance once the image is paid for. */
  balance: number;
}

/**
 * Every generated image: recorded as a Transformation and paid for through a credit hold, so
 * 50 credits are taken once the image is stored and nothing when anything fails.
 */
export async function paidGeneration(
  em: EntityManager,
  media: MediaDeps,
  request: GenerationRequest,
  produce: () => Promise<TransformedImage>,
): Promise<GenerationResult> {
  const transformationId = await em.insert(Transformation, {
    owner: request.userId,
    upload: request.uploadId ?? null,
    kind: request.kind,
    prompt: request.prompt,
    options: request.options,
    status: 'pending',
    engine: media.images.name,
    createdAt: new Date(),
  });
  const hold = {
    userId: request.userId,
    cost: IMAGE_COST,
    externalRef: `transformation:${transformationId}`,
    description: "Transformation d'image",
    reason: 'transformation',
  };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let resultKey: string;
  try {
    resultKey = await withCreditHold(em, hold, async () => {
      const { image } = await produce();
      return media.storage.put('results', image, 'jpg');
    });
  } catch (error) {
    if (error instanceof AppError && error.appCode === 'INSUFFICIENT_CREDITS') {
      // Nothing was generated or paid: leave no trace of the attempt.
      await em.nativeDelete(Transformation, { id: transformationId });
      throw error;
    }
    const failure = mediaFailure(error);
    await em.nativeUpdate(Transformation, { id: transformationId }, { status: 'failed', error: failure.message, durationMs: elapsed() });
    throw failure;
  }
  await em.nativeUpdate(Transformation, { id: transformationId }, { status: 'succeeded', resultKey, durationMs: elapsed() });
  return { transformationId, resultKey, balance: await balanceOf(em, request.userId) };
}
