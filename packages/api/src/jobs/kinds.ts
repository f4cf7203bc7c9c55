import { buildOptionLabel, CATEGORY_IDS, VIDEO_DEFAULTS } from '@atelier/catalog';
import { GalleryItem, Transformation, Video, type EntityManager, type JobKind } from '@atelier/db';
import { MEDIA_MESSAGES, storageFileName, type StorageExtension, type StorageKind } from '@atelier/media';
import type { MediaDeps } from '../media/deps';
import { AppError } from '../shared/errors';
import { mediaFailure } from '../media/errors';
import { mediaUrl } from '../media/urls';
import { rememberLastUsedImage } from '../transform/uploads';
import type { ImageJobInput } from './contracts';
import { ResultNotKept, type JobKinds, type JobKindWork, type JobRun } from './types';

export const jobStages = {
  reading: "Lecture de l'image",
  transforming: 'Transformation en cours',
  animating: 'Animation en cours',
  saving: 'Enregistrement du résultat',
} as const;

async function readSource(run: JobRun, key: string): Promise<Buffer> {
  await run.report(10, jobStages.reading);
  return run.media.storage.get(key).catch((error: unknown) => {
    throw mediaFailure(error);
  });
}

/**
 * An engine's 0–1 progress as the job's percentage between `from` and `to`, reported each time it
 * moves by 5 points or more or names a new step ("Arrière-plan… 2/3"), so a long clip or
 * enlargement moves on screen without a database write per frame or tile.
 */
function steps(run: JobRun, from: number, to: number, stage: string): (fraction: number, step?: string) => void {
  let reported = from;
  let label = stage;
  return (fraction, step) => {
    const progress = Math.round(from + (to - from) * fraction);
    if (progress - reported < 5 && (step === undefined || step === label)) return;
    reported = progress;
    label = step ?? label;
    void run.report(progress, label).catch(() => undefined); // progress is best effort; the outcome is not
  };
}

interface ProducedImage {
  resultKey: string;
  durationMs: number;
  /** The cloud models that made it, in order; none for the local engine. */
  models: string[];
}

/** The chosen options by name: the studio's are the catalogue's, the editor's own carry their names. */
function optionsLabel(kind: ImageKind, selection: ImageJobInput['selection']): string {
  if (kind === 'studio') return buildOptionLabel(selection);
  return CATEGORY_IDS.flatMap((category) => selection[category]?.name || []).join(' + ');
}

/** What the credit history calls each kind of image, its options named where there are any. */
const IMAGE_LEDGER_LABELS: Record<ImageKind, { alone: string; named: (options: string) => string }> = {
  studio: { alone: "Transformation d'image", named: (options) => options },
  workflow: { alone: 'Rendu du workflow', named: (options) => `Rendu du workflow : ${options}` },
  node: { alone: "Rendu d'un nœud du workflow", named: (options) => `Rendu d'un nœud : ${options}` },
};

/**
 * The gallery card of a studio visit's result or a workflow render, written with its payment: a
 * paid result is in the gallery whatever the browser does after (a reload, a closed tab). A REST
 * client's transformation, which names no visit, is saved by the client (`/api/gallery/save`), as
 * the spec has it, with its own label. Named by
 * the chosen options (the workflow editor's own too, which the studio catalogue does not know),
 * typed by the first one's category, or as a workflow.
 */
function galleryItemOf(
  kind: Exclude<ImageKind, 'node'>,
  owner: number,
  input: ImageJobInput,
  produced: ProducedImage,
  engine: string,
) {
  const chosen = CATEGORY_IDS.filter((category) => input.selection[category]);
  const label = optionsLabel(kind, input.selection) || null;
  return {
    owner,
    mediaType: 'image' as const,
    transformedImagePath: mediaUrl(produced.resultKey),
    originalImagePath: mediaUrl(input.sourceKey),
    transformationType: kind === 'workflow' ? 'workflow' : (chosen[0] ?? null),
    transformationOption: label,
    description: label,
    transformationPrompt: input.prompt,
    sessionKey: input.sessionKey || null,
    engine,
    models: produced.models.length > 0 ? produced.models : null,
    createdAt: new Date(),
  };
}

type ImageKind = Exclude<JobKind, 'video'>;

/** Studio images, workflow renders and single nodes: one engine call, one stored JPEG. */
function imageWork(kind: ImageKind): JobKindWork<ImageKind, ProducedImage> {
  return {
    describe(selection = {}) {
      const options = optionsLabel(kind, selection);
      const { alone, named } = IMAGE_LEDGER_LABELS[kind];
      return options ? named(options) : alone;
    },
    async produce(run) {
      const { input } = run.job;
      const image = await readSource(run, input.sourceKey);
      const started = performance.now();
      await run.report(20, jobStages.transforming);
      const { image: result, models = [] } = await run.media.images.transform({
        image,
        prompt: input.prompt,
        selection: input.selection,
        ...(input.colors ? { colors: input.colors } : {}),
        ...(input.intensity === undefined ? {} : { intensity: input.intensity }),
        seed: run.job.seed,
        signal: run.signal,
        onProgress: steps(run, 20, 88, jobStages.transforming),
        onStarted: run.started,
        resume: run.job.predictions,
      });
      await run.report(90, jobStages.saving);
      const resultKey = await run.media.storage.put('results', result, 'jpg');
      return { resultKey, durationMs: Math.round(performance.now() - started), models };
    },
    async commit(tx, run, produced) {
      const { input } = run.job;
      // A studio visit's result is where the studio reopens, set with its payment, not by another
      // call. First: the owner's row is then locked before the inserts below share-lock it, so two
      // results of one member kept at once wait for each other instead of deadlocking.
      const studioVisit = kind === 'studio' && Boolean(input.sessionKey);
      if (studioVisit) await rememberLastUsedImage(tx, run.job.userId, mediaUrl(produced.resultKey));
      const transformationId = await tx.insert(Transformation, {
        owner: run.job.userId,
        upload: input.uploadId ?? null,
        kind,
        prompt: input.prompt,
        options: {
          ...input.options,
          seed: run.job.seed,
          ...(produced.models.length > 0 ? { models: produced.models } : {}),
        },
        status: 'succeeded',
        resultKey: produced.resultKey,
        resultFile: storageFileName(produced.resultKey),
        engine: run.media.images.name,
        durationMs: produced.durationMs,
        createdAt: new Date(),
      });
      const keptInGallery = kind === 'workflow' || studioVisit;
      if (keptInGallery)
        await tx.insert(GalleryItem, galleryItemOf(kind, run.job.userId, input, produced, run.media.images.name));
      return {
        resultUrl: mediaUrl(produced.resultKey),
        sourceUrl: mediaUrl(input.sourceKey),
        transformationId,
        models: produced.models,
      };
    },
    async discard(media: MediaDeps, produced) {
      await media.storage.delete(produced.resultKey);
    },
  };
}

/** Stores files together: should one fail, those stored are deleted, so no file is left that nothing names. */
async function putAll(
  media: MediaDeps,
  files: readonly (readonly [kind: StorageKind, bytes: Buffer, extension: StorageExtension])[],
): Promise<string[]> {
  const stored = await Promise.allSettled(
    files.map(([kind, bytes, extension]) => media.storage.put(kind, bytes, extension)),
  );
  const failed = stored.find((outcome) => outcome.status === 'rejected');
  if (!failed) return stored.map((outcome) => (outcome as PromiseFulfilledResult<string>).value);
  await Promise.allSettled(
    stored.flatMap((outcome) => (outcome.status === 'fulfilled' ? [media.storage.delete(outcome.value)] : [])),
  );
  throw failed.reason;
}

interface ProducedVideo {
  videoKey: string;
  posterKey: string;
}

/** A 6-second clip of a picture; its card (the Video row) follows the job. */
const videoWork: JobKindWork<'video', ProducedVideo> = {
  describe: () => 'Vidéo',
  async produce(run) {
    const { input } = run.job;
    const image = await readSource(run, input.sourceKey);
    await run.report(20, jobStages.animating);
    const generated = await run.media.videos
      .generate({
        image,
        prompt: input.prompt,
        duration: VIDEO_DEFAULTS.duration,
        resolution: VIDEO_DEFAULTS.resolution,
        seed: run.job.seed,
        signal: run.signal,
        onProgress: steps(run, 20, 88, jobStages.animating),
        onStarted: run.started,
        resume: run.job.predictions,
      })
      .catch((error: unknown) => {
        const failure = mediaFailure(error);
        throw failure.appCode === 'UPSTREAM'
          ? new AppError('UPSTREAM', MEDIA_MESSAGES.videoFailed, { cause: error })
          : failure;
      });
    await run.report(90, jobStages.saving);
    const [videoKey, posterKey] = await putAll(run.media, [
      ['videos', generated.video, 'mp4'],
      ['posters', generated.poster, 'jpg'],
    ]);
    return { videoKey: videoKey!, posterKey: posterKey! };
  },
  async commit(tx, run, produced) {
    const { input } = run.job;
    const videoUrl = mediaUrl(produced.videoKey);
    // The card may have been deleted meanwhile: then the video is not kept, and not paid.
    const updated = await tx.nativeUpdate(
      Video,
      { id: input.videoId, jobId: run.job.id },
      {
        videoUrl,
        thumbnailPath: mediaUrl(produced.posterKey),
        status: 'ready',
        isAccessible: true,
        prompt: input.prompt,
      },
    );
    if (updated !== 1) throw new ResultNotKept();
    return { videoId: input.videoId, videoUrl, posterUrl: mediaUrl(produced.posterKey) };
  },
  async discard(media: MediaDeps, produced) {
    await Promise.all([media.storage.delete(produced.videoKey), media.storage.delete(produced.posterKey)]);
  },
  async abandon(tx: EntityManager, job, error) {
    await tx.nativeUpdate(Video, { id: job.input.videoId, jobId: job.id }, { status: 'failed', error });
  },
};

export const jobKinds: JobKinds = {
  studio: imageWork('studio'),
  workflow: imageWork('workflow'),
  node: imageWork('node'),
  video: videoWork,
};
