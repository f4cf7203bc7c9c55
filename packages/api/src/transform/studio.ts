import { buildStyleText, findOptionsInText, type ColorChoices, type Selection } from '@atelier/catalog';
import { Upload } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { balanceOf } from '../credits/ledger';
import { JobService } from '../jobs/service';
import { mediaUrl } from '../media/urls';
import { AppError } from '../shared/errors';

export const transformMessages = {
  uploadNotFound: 'Image introuvable.',
  noOption: 'Veuillez sélectionner au moins une option de transformation.',
  imageNotFound: 'Image introuvable ou inaccessible.',
} as const;

interface StoredChoice {
  selection?: Selection;
  colors?: ColorChoices;
}

/**
 * Transforms one of the user's uploads with the options sent beside it (or, for clients that
 * sent only the documented `style` text, the options named in that text), as a job: its price
 * held when it is queued, taken only when the picture is stored.
 */
export async function transformUpload(
  { em, jobs }: Pick<ServiceDeps, 'em' | 'jobs'>,
  {
    userId,
    uploadId,
    seed,
    sessionKey,
    waitMs,
  }: { userId: number; uploadId: number; seed?: number | undefined; sessionKey?: string | undefined; waitMs: number },
) {
  const upload = await em.findOne(Upload, { id: uploadId, owner: userId });
  if (!upload) throw new AppError('NOT_FOUND', transformMessages.uploadNotFound);
  const stored = (upload.selection ?? {}) as StoredChoice;
  const selection =
    stored.selection && Object.keys(stored.selection).length ? stored.selection : findOptionsInText(upload.style ?? '');
  const colors = stored.colors ?? {};
  if (Object.keys(selection).length === 0 && !upload.style?.trim()) {
    throw new AppError('VALIDATION', transformMessages.noOption);
  }
  const prompt = upload.style?.trim() || buildStyleText(selection, colors);
  await jobs.workers.requireForWait(waitMs);
  const job = await jobs.submit(em, {
    userId,
    kind: 'studio',
    seed,
    input: {
      sourceKey: upload.storageKey,
      prompt,
      selection,
      colors,
      uploadId,
      sessionKey,
      options: { selection, colors },
    },
  });
  const finished = await jobs.wait(em, { id: job.id, kind: 'studio' }, waitMs);
  const result = JobService.outcome(finished);
  return {
    success: true as const,
    transformedImagePath: result.resultUrl,
    originalImagePath: mediaUrl(upload.storageKey),
    transformationId: result.transformationId,
    credits: await balanceOf(em, userId),
    creditsCharged: job.credits,
    jobId: job.id,
    seed: job.seed,
    engine: finished.engine,
    models: result.models ?? [],
  };
}
