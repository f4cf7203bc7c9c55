import { clientText } from '@atelier/catalog';
import { z } from 'zod';
import { deleteGalleryItems } from '../gallery/delete';
import { setFavorite } from '../gallery/favorite';
import { galleryItemSchema, toGalleryItemView } from '../gallery/item';
import { listGallery } from '../gallery/list';
import { galleryMessages, MAX_IDS_PER_DELETE } from '../gallery/messages';
import { saveToGallery } from '../gallery/save';
import { MEDIA_URL_PREFIX } from '../media/urls';
import { listVersionCheck, listVersionSchema } from '../shared/list-versions';
import { AppError } from '../shared/errors';
import { recordId } from '../shared/input';
import { pageInput } from '../shared/pagination';
import { authedProcedure, publicProcedure, router } from '../trpc';

/** Optional text: blank and absent both mean none. */
const optionalText = (field: string, max: number) =>
  clientText()
    .max(max, galleryMessages.tooLong(field, max))
    .nullish()
    .transform((value) => value || null);

const saveInput = z.object({
  /** Sent by the studio; ignored: the session decides whose gallery the item goes to. */
  userId: z.union([z.number(), z.string()]).nullish(),
  transformedImagePath: clientText(galleryMessages.invalidResultPath)
    .max(255, galleryMessages.invalidResultPath)
    .startsWith(MEDIA_URL_PREFIX, galleryMessages.invalidResultPath),
  originalImagePath: optionalText("L'image d'origine", 255),
  transformationType: optionalText('Le type de transformation', 64),
  transformationOption: optionalText('Les options', 500),
  transformationPrompt: optionalText('Le prompt', 10_000),
  // The desktop studio's session key is the time it started, which it may send as a number.
  sessionKey: z
    .union([clientText().max(64, galleryMessages.tooLong('La clé de session', 64)), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined || value === '' ? null : String(value))),
});

const galleryPage = pageInput.extend({ userId: recordId });

/**
 * The tag `list` would give now, from memory once the caller is known (the session's row, shared
 * with the rest of the call), so an unchanged poll costs no list query. Null unless the caller is
 * that user: `list` answers the others, an ended session with its 401.
 */
export const galleryVersionCheck = listVersionCheck(galleryPage, (ctx, input) =>
  ctx.listVersions.galleryVersion(ctx.identify(), input.userId, input),
);

export const galleryRouter = router({
  save: authedProcedure
    .input(saveInput)
    .output(z.object({ success: z.literal(true), item: galleryItemSchema }))
    .mutation(async ({ ctx, input }) => {
      const item = await saveToGallery(ctx, { ...input, ownerId: ctx.user.id });
      return { success: true as const, item: toGalleryItemView(item) };
    }),

  /** One page of the user's own gallery, newest first, with the tag of what it shows. */
  list: authedProcedure
    .input(galleryPage)
    .output(z.object({ gallery: z.array(galleryItemSchema), nextCursor: z.string().nullable(), version: z.string() }))
    .query(async ({ ctx, input }) => {
      if (input.userId !== ctx.user.id) throw new AppError('FORBIDDEN', galleryMessages.notYourGallery);
      // Read before the query: a write racing with it leaves an older tag, never a newer one.
      const version = await ctx.listVersions.galleryTag(ctx.user.id, input);
      const { items, nextCursor } = await listGallery(ctx.em, ctx.user.id, input);
      return { gallery: items.map(toGalleryItemView), nextCursor, version };
    }),

  /** See galleryVersionCheck. */
  version: publicProcedure
    .input(galleryVersionCheck.input)
    .output(listVersionSchema)
    .query(({ ctx, input }) => galleryVersionCheck.run(ctx, input)),

  delete: authedProcedure
    .input(z.object({ id: recordId }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const { deletedCount } = await deleteGalleryItems(ctx, { ownerId: ctx.user.id, ids: [input.id] });
      if (deletedCount === 0) throw new AppError('NOT_FOUND', galleryMessages.itemNotFound);
      return { success: true as const };
    }),

  /** Toggles the favourite mark of one of the user's items, or sets it when `isFavorite` is given. */
  favorite: authedProcedure
    .input(z.object({ id: recordId, isFavorite: z.boolean(galleryMessages.invalidFavorite).optional() }))
    .output(z.object({ success: z.literal(true), isFavorite: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const { isFavorite } = await setFavorite(ctx, {
        ownerId: ctx.user.id,
        itemId: input.id,
        wanted: input.isFavorite,
      });
      return { success: true as const, isFavorite };
    }),

  /** Deletes those of the ids that are the user's; the others are left as they are. */
  deleteMany: authedProcedure
    .input(
      z.object({
        ids: z.array(recordId, galleryMessages.invalidIdList).max(MAX_IDS_PER_DELETE, galleryMessages.tooManyIds),
      }),
    )
    .output(z.object({ deletedCount: z.number() }))
    .mutation(async ({ ctx, input }) => {
      const { deletedCount } = await deleteGalleryItems(ctx, { ownerId: ctx.user.id, ids: input.ids });
      return { deletedCount };
    }),
});
