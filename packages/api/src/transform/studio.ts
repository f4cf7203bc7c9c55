import { buildStyleText, findOptionsInText, type ColorChoices, type Selection } from '@atelier/catalog';
import { Transformation, Upload, type EntityManager } from '@atelier/db';
import type { ServiceDeps } from '../deps';
import { balanceOf } from '../credits/ledger';
import { JobService } from '../jobs/service';
import { viewableImageKey } from '../media/source-image';
import { mediaUrl } from '../media/urls';
import { AppError } from '../shared/errors';

export const transformMessages = {
  uploadNotFound: 'Image introuvable.',
  noOption: 'Veuillez sélectionner au moins une option de transformation.',
  imageNotFound: 'Image introuvable ou inaccessible.',
} as const;

/** What a studio transformation is asked for: the options chosen, or the documented free text naming them. */
interface StudioChoices {
  selection?: Selection | undefined;
  colors?: ColorChoices | undefined;
  style?: string | null | undefined;
}

interface StudioRequest {
  userId: number;
  seed?: number | undefined;
  /** The studio visit asking: its result joins the gallery with its payment, and the studio reopens on it. */
  sessionKey?: string | undefined;
  waitMs: number;
}

/**
 * Transforms a stored picture as a job: its price held when it is queued, taken only when the
 * result is stored. The options are the ones sent or, for clients that sent only the `style`
 * text, the ones that text names.
 */
async function transformSource(
  { em, jobs }: Pick<ServiceDeps, 'em' | 'jobs'>,
  {
    sourceKey,
    uploadId,
    choices,
    ...request
  }: StudioRequest & { sourceKey: string; uploadId?: number | undefined; choices: StudioChoices },
) {
  const style = choices.style?.trim() ?? '';
  const sent = choices.selection ?? {};
  const selection = Object.keys(sent).length > 0 ? sent : findOptionsInText(style);
  const colors = choices.colors ?? {};
  if (Object.keys(selection).length === 0 && !style) throw new AppError('VALIDATION', transformMessages.noOption);
  const prompt = style || buildStyleText(selection, colors);
  await jobs.workers.requireForWait(request.waitMs);
  const job = await jobs.submit(em, {
    userId: request.userId,
    kind: 'studio',
    seed: request.seed,
    input: {
      sourceKey,
      prompt,
      selection,
      colors,
      uploadId,
      sessionKey: request.sessionKey,
      options: { selection, colors },
    },
  });
  const finished = await jobs.wait(em, { id: job.id, kind: 'studio' }, request.waitMs);
  const result = JobService.outcome(finished);
  return {
    success: true as const,
    transformedImagePath: result.resultUrl,
    originalImagePath: mediaUrl(sourceKey),
    transformationId: result.transformationId,
    // Read after the payment: the browser shows it as the balance, without asking again.
    credits: await balanceOf(em, request.userId),
    creditsCharged: job.credits,
    jobId: job.id,
    seed: job.seed,
    engine: finished.engine,
    models: result.models ?? [],
  };
}

/**
 * Transforms one of the user's uploads with the options stored beside it when it was sent: the
 * documented `/api/transform/{id}` of clients that upload the picture and its options together.
 */
export async function transformUpload(
  deps: Pick<ServiceDeps, 'em' | 'jobs'>,
  { uploadId, ...request }: StudioRequest & { uploadId: number },
) {
  const upload = await deps.em.findOne(Upload, { id: uploadId, owner: request.userId });
  if (!upload) throw new AppError('NOT_FOUND', transformMessages.uploadNotFound);
  const stored = (upload.selection ?? {}) as Pick<StudioChoices, 'selection' | 'colors'>;
  return transformSource(deps, {
    ...request,
    sourceKey: upload.storageKey,
    uploadId,
    choices: { ...stored, style: upload.style },
  });
}

/**
 * The member's upload a stored picture comes from: itself, or the upload a result of theirs was
 * made from (a chained edit's first picture). Linked to the transformation, it keeps the library's
 * original and the before/after view of a result made from a result.
 */
async function uploadBehind(em: EntityManager, userId: number, key: string): Promise<number | undefined> {
  const upload = await em.findOne(Upload, { owner: userId, storageKey: key }, { fields: ['id'] });
  if (upload) return upload.id;
  const made = await em.findOne(
    Transformation,
    { owner: userId, resultKey: key, status: 'succeeded' },
    { fields: ['upload'] },
  );
  return made?.upload?.id;
}

/**
 * Transforms a picture the server already stores, named by its address (an upload, a result, a
 * published picture: the workflow's rule), with the options sent in the same call. Its original
 * bytes are the source: nothing is uploaded, re-encoded or counted against the quota again.
 */
export async function transformImage(
  deps: Pick<ServiceDeps, 'em' | 'jobs'>,
  { image, choices, ...request }: StudioRequest & { image: string; choices: StudioChoices },
) {
  const sourceKey = await viewableImageKey(deps.em, request.userId, image);
  const uploadId = await uploadBehind(deps.em, request.userId, sourceKey);
  return transformSource(deps, { ...request, sourceKey, uploadId, choices });
}
