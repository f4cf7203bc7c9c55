import { clientText } from '@atelier/catalog';
import { z } from 'zod';
import { VIDEO_WAIT_MS } from '../jobs/service';
import { storageKeyOf } from '../media/urls';
import { AppError, commonMessages } from '../shared/errors';
import { listVersionCheck, listVersionSchema } from '../shared/list-versions';
import { recordId, wholeNumber } from '../shared/input';
import { pageInput, paginationMessages } from '../shared/pagination';
import { publishVideo } from '../videos/publish';
import {
  createPlaceholder,
  deleteVideo,
  findOwnVideo,
  generateVideo,
  listVideos,
  updatePlaceholder,
} from '../videos/videos';
import { authedProcedure, publicProcedure, router } from '../trpc';
import { creditsCharged, mediaRef } from './transform';

const id = recordId;
const prompt = clientText().max(4000, 'Description trop longue');

/** Newest first, `limit` at a time from `offset`: the list also says how many there are in all. */
const videoPage = z.object({
  userId: id,
  limit: pageInput.shape.limit,
  // Never negative: MySQL refuses a negative OFFSET outright.
  offset: wholeNumber(paginationMessages.invalidOffset)
    .pipe(z.number().min(0, paginationMessages.invalidOffset))
    .default(0),
});

/** The tag `list` would give now, from memory once the caller is known (see galleryVersionCheck). */
export const videosVersionCheck = listVersionCheck(videoPage, (ctx, input) =>
  ctx.listVersions.videosVersion(ctx.identify(), input.userId, input),
);

const videoRecord = z.object({
  id: z.number(),
  userId: z.number(),
  sourceImage: z.string(),
  videoUrl: z.string(),
  thumbnailPath: z.string().nullable(),
  prompt: z.string(),
  duration: z.number(),
  resolution: z.string(),
  createdAt: z.date(),
  isAccessible: z.boolean(),
  source: z.string(),
  status: z.string(),
  jobId: z.number().nullable(),
});

/** In the owner's list: the video's post, once it was published (`isPublic` false once unpublished). */
const listedVideo = videoRecord.extend({ post: z.object({ id: z.number(), isPublic: z.boolean() }).nullable() });

export const videosRouter = router({
  createPlaceholder: authedProcedure
    .input(
      z.object({
        sourceImagePath: mediaRef,
        prompt,
        placeholderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Identifiant de vidéo invalide'),
      }),
    )
    .output(z.object({ success: z.literal(true), video: videoRecord }))
    .mutation(async ({ ctx, input }) => {
      const video = await createPlaceholder(ctx, { ...input, userId: ctx.user.id });
      await ctx.listVersions.videosChanged(ctx.user.id);
      return { success: true as const, video };
    }),

  /** Its price (`transform.quote`) is held, and taken only when the video is made. */
  generate: authedProcedure
    .input(z.object({ imageUrl: mediaRef, prompt: prompt.optional(), respondAsync: z.boolean().optional() }))
    .output(
      z.object({
        success: z.literal(true),
        videoUrl: z.string(),
        video: videoRecord,
        jobId: z.number(),
        creditsCharged,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      try {
        return await generateVideo(ctx, {
          userId: ctx.user.id,
          imageUrl: input.imageUrl,
          prompt: input.prompt,
          waitMs: input.respondAsync ? 0 : VIDEO_WAIT_MS,
        });
      } finally {
        await ctx.listVersions.videosChanged(ctx.user.id);
      }
    }),

  updatePlaceholder: authedProcedure
    .input(z.object({ videoUrl: mediaRef, sourceImagePath: mediaRef }))
    .output(z.object({ success: z.literal(true), video: videoRecord }))
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      video: await updatePlaceholder(ctx.em, ctx.user.id, input),
    })),

  /** One user's videos, newest first: only that user may read them. */
  list: authedProcedure
    .input(videoPage)
    .output(
      z.object({
        success: z.literal(true),
        videos: z.array(listedVideo),
        totalVideos: z.number(),
        version: z.string(),
      }),
    )
    .query(async ({ ctx, input }) => {
      if (input.userId !== ctx.user.id) throw new AppError('FORBIDDEN', commonMessages.forbidden);
      // Read before the query: a write racing with it leaves an older tag, never a newer one.
      const version = await ctx.listVersions.videosTag(ctx.user.id, input);
      return { ...(await listVideos(ctx.em, ctx.user.id, input)), version };
    }),

  /** See videosVersionCheck. */
  version: publicProcedure
    .input(videosVersionCheck.input)
    .output(listVersionSchema)
    .query(({ ctx, input }) => videosVersionCheck.run(ctx, input)),

  /** Where the file of one of the user's finished videos is, for the download. */
  file: authedProcedure
    .input(z.object({ id }))
    .output(z.object({ key: z.string(), filename: z.string() }))
    .query(async ({ ctx, input }) => {
      const video = await findOwnVideo(ctx.em, ctx.user.id, input.id);
      const key = video.isAccessible ? storageKeyOf(video.videoUrl) : null;
      if (!key) throw new AppError('NOT_FOUND', 'Vidéo pas encore disponible.');
      return { key, filename: `atelier-video-${video.id}.mp4` };
    }),

  delete: authedProcedure
    .input(z.object({ id }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const { wasPublic } = await deleteVideo(ctx, { userId: ctx.user.id, id: input.id });
      await ctx.listVersions.videosChanged(ctx.user.id);
      if (wasPublic) await ctx.listVersions.feedChanged();
      return { success: true as const };
    }),

  /** Publishes a finished video to the feed and its public page; `feed.unpublish` takes it off. */
  publish: authedProcedure
    .input(z.object({ id }))
    .output(z.object({ success: z.literal(true), postId: z.number() }))
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      ...(await publishVideo(ctx, { ownerId: ctx.user.id, videoId: input.id })),
    })),
});
