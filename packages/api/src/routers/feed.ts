import { z } from 'zod';
import { likePost } from '../feed/like';
import { findPublicPost, listPublicFeed } from '../feed/list';
import { feedMessages } from '../feed/messages';
import { publishGalleryItem, unpublishGalleryItem } from '../feed/publish';
import { AppError } from '../shared/errors';
import { listVersionCheck, listVersionSchema } from '../shared/list-versions';
import { recordId } from '../shared/input';
import { pageInput } from '../shared/pagination';
import { authedProcedure, optionalUserProcedure, publicProcedure, router } from '../trpc';

const feedPostSchema = z.object({
  id: z.number(),
  createdAt: z.date(),
  publishedAt: z.date(),
  description: z.string().nullable(),
  mediaType: z.string(),
  transformedImagePath: z.string(),
  originalImagePath: z.string().nullable(),
  videoUrl: z.string().nullable(),
  likesCount: z.number(),
  isLiked: z.boolean(),
  user: z.object({ firstName: z.string(), lastName: z.string() }),
});

const feedPage = pageInput.prefault({});

/** The tag `list` would give now, read beside the caller's session check: no list query. */
export const feedVersionCheck = listVersionCheck(feedPage, (ctx, input) =>
  ctx.listVersions.feedVersion(ctx.identify(), input),
);

export const feedRouter = router({
  /** One page of public posts, newest publication first, with the tag of what it shows. */
  list: optionalUserProcedure
    .input(feedPage)
    .output(z.object({ posts: z.array(feedPostSchema), nextCursor: z.string().nullable(), version: z.string() }))
    .query(async ({ ctx, input }) => {
      const viewerId = ctx.user?.id ?? null;
      // Read before the query: a write racing with it leaves an older tag, never a newer one.
      const version = await ctx.listVersions.feedTag(viewerId, input);
      return { ...(await listPublicFeed(ctx.em, viewerId, input)), version };
    }),

  /** See feedVersionCheck. */
  version: publicProcedure
    .input(feedVersionCheck.input)
    .output(listVersionSchema)
    .query(({ ctx, input }) => feedVersionCheck.run(ctx, input)),

  publish: authedProcedure
    .input(z.object({ postId: recordId, withOriginal: z.boolean(feedMessages.invalidWithOriginal).optional() }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await publishGalleryItem(ctx, {
        ownerId: ctx.user.id,
        itemId: input.postId,
        withOriginal: input.withOriginal,
      });
      return { success: true as const };
    }),

  /** Takes one of the user's posts off the feed and its public page. */
  unpublish: authedProcedure
    .input(z.object({ postId: recordId }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await unpublishGalleryItem(ctx, { ownerId: ctx.user.id, itemId: input.postId });
      return { success: true as const };
    }),

  /** One published post, for its public page `/p/{id}`: anyone may read it. */
  post: optionalUserProcedure
    .input(z.object({ postId: recordId }))
    .output(feedPostSchema)
    .query(async ({ ctx, input }) => {
      const post = await findPublicPost(ctx.em, ctx.user?.id ?? null, input.postId);
      if (!post) throw new AppError('NOT_FOUND', feedMessages.postNotFound);
      return post;
    }),

  /** Toggles the viewer's like, or sets it when `liked` is given. */
  like: optionalUserProcedure
    .input(z.object({ postId: recordId, liked: z.boolean(feedMessages.invalidLiked).optional() }))
    .output(z.object({ liked: z.boolean(), likesCount: z.number() }))
    .mutation(({ ctx, input }) => {
      if (!ctx.user) throw new AppError('UNAUTHENTICATED', feedMessages.likeNeedsAccount);
      return likePost(ctx, { userId: ctx.user.id, postId: input.postId, wanted: input.liked });
    }),
});
