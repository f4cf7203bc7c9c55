import { z } from 'zod';
import { likePost } from '../feed/like';
import { listPublicFeed } from '../feed/list';
import { feedMessages } from '../feed/messages';
import { publishGalleryItem } from '../feed/publish';
import { AppError } from '../shared/errors';
import { recordId } from '../shared/input';
import { pageInput } from '../shared/pagination';
import { authedProcedure, optionalUserProcedure, router } from '../trpc';

const feedPostSchema = z.object({
  id: z.number(),
  createdAt: z.date(),
  publishedAt: z.date(),
  description: z.string().nullable(),
  transformedImagePath: z.string(),
  originalImagePath: z.string().nullable(),
  likesCount: z.number(),
  isLiked: z.boolean(),
  user: z.object({ firstName: z.string(), lastName: z.string() }),
});

/** A page of the feed: what `list` and `version` take, and the REST fast path checks with. */
export const feedPage = pageInput.prefault({});

export const feedRouter = router({
  /** One page of public posts, newest publication first, with the tag of what it shows. */
  list: optionalUserProcedure
    .input(feedPage)
    .output(z.object({ posts: z.array(feedPostSchema), nextCursor: z.string().nullable(), version: z.string() }))
    .query(async ({ ctx, input }) => {
      const viewerId = ctx.user?.id ?? null;
      // Read before the query: a write racing with it leaves an older tag, never a newer one.
      const version = ctx.listVersions.feedTag(viewerId, input);
      return { ...(await listPublicFeed(ctx.em, viewerId, input)), version };
    }),

  publish: authedProcedure
    .input(z.object({ postId: recordId }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await publishGalleryItem(ctx.em, ctx.listVersions, ctx.user.id, input.postId);
      return { success: true as const };
    }),

  /** Toggles the viewer's like, or sets it when `liked` is given. */
  like: optionalUserProcedure
    .input(z.object({ postId: recordId, liked: z.boolean(feedMessages.invalidLiked).optional() }))
    .output(z.object({ liked: z.boolean(), likesCount: z.number() }))
    .mutation(({ ctx, input }) => {
      if (!ctx.user) throw new AppError('UNAUTHENTICATED', feedMessages.likeNeedsAccount);
      return likePost(ctx.em, ctx.listVersions, ctx.user.id, input.postId, input.liked);
    }),
});
