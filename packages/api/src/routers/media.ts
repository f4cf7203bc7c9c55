import { clientText, PREVIEW_WIDTHS } from '@atelier/catalog';
import { REFERENCE_SLOTS } from '@atelier/media';
import { z } from 'zod';
import { isAdministratorCall } from '../admin/access';
import { originalOf } from '../gallery/original';
import { canViewMedia } from '../media/access';
import { defaultModelUrls, isArtUrl, welcomeImageUrls } from '../media/art';
import { storedPreview } from '../media/preview';
import { keepSample, sampleTile } from '../media/samples';
import { storageKeyOf } from '../media/urls';
import { showsHiddenPost } from '../moderation/visibility';
import { AppError, commonMessages } from '../shared/errors';
import { combineImages, composeWithReferences, stitchedView } from '../transform/composites';
import { rememberLastUsedImage } from '../transform/uploads';
import { authedProcedure, optionalUserProcedure, publicProcedure, rateLimited, router } from '../trpc';
import { mediaRef } from './transform';

const importance = z.number().min(0.1).max(1);
const imageNotFound = 'Image introuvable ou inaccessible.';
/** A sample's id: the hash of its bytes, as keepSample gave it. */
const sampleId = z.string().regex(/^[0-9a-f]{40}$/, 'Aperçu inconnu : renvoyez la photo.');

export const mediaRouter = router({
  /** The studio's starting pictures, and the one the user last worked on. */
  defaults: optionalUserProcedure
    .output(
      z.object({
        defaultModels: z.array(z.string()),
        lastUsedImage: z.string().nullable(),
        lastUsedOriginal: z.string().nullable(),
      }),
    )
    .query(async ({ ctx }) => {
      const lastUsedImage = ctx.user?.lastUsedImage ?? null;
      // When the last picture is a result, what it was made from: "Avant / après" survives a reload.
      const lastUsedOriginal = ctx.user && lastUsedImage ? await originalOf(ctx.em, ctx.user.id, lastUsedImage) : null;
      return { defaultModels: defaultModelUrls(), lastUsedImage, lastUsedOriginal };
    }),

  /** The image engine this server is configured with ('local' or 'replicate'), so pages promise only what it does. */
  engine: publicProcedure
    .output(z.object({ engine: z.string() }))
    .query(({ ctx }) => ({ engine: ctx.media.images.name })),

  welcomeImages: publicProcedure
    .output(z.object({ success: z.literal(true), images: z.array(z.string()) }))
    .query(() => ({ success: true as const, images: welcomeImageUrls() })),

  setLastUsedImage: authedProcedure
    .input(z.object({ imagePath: mediaRef }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const key = storageKeyOf(input.imagePath);
      const viewable = isArtUrl(input.imagePath) || (key !== null && (await canViewMedia(ctx.em, ctx.user.id, key)));
      if (!viewable) throw new AppError('NOT_FOUND', imageNotFound);
      await rememberLastUsedImage(ctx.em, ctx.user.id, input.imagePath);
      return { success: true as const };
    }),

  /** Whether the viewer may see a stored file; the file server asks before sending a byte. */
  canView: optionalUserProcedure
    .input(z.object({ key: clientText().max(300) }))
    .output(z.object({ allowed: z.literal(true) }))
    .query(async ({ ctx, input }) => {
      const allowed =
        (await canViewMedia(ctx.em, ctx.user?.id ?? null, input.key)) ||
        // A hidden post's pictures, for the administrators who re-examine it.
        (isAdministratorCall(ctx) && (await showsHiddenPost(ctx.em, input.key)));
      if (!allowed) throw new AppError('NOT_FOUND', commonMessages.notFound);
      return { allowed: true as const };
    }),

  /** A stored picture at most a card wide (WebP), for whoever may see the picture; see storedPreview. */
  preview: optionalUserProcedure
    .input(
      z.object({
        key: clientText().max(300),
        width: z.literal(PREVIEW_WIDTHS, {
          error: `Largeur d’aperçu inconnue : ${PREVIEW_WIDTHS.join(' ou ')} pixels.`,
        }),
      }),
    )
    .output(z.custom<Buffer>((value) => Buffer.isBuffer(value)))
    .query(({ ctx, input }) =>
      storedPreview(ctx, { viewerId: ctx.user?.id ?? null, key: input.key, width: input.width }),
    ),

  combine: authedProcedure
    .use(rateLimited('imageWork'))
    .input(
      z.object({
        imageUrls: z.array(mediaRef).min(2, 'Connectez au moins 2 images au nœud COMBINE pour les fusionner').max(16),
        importance: z.array(importance).max(16).optional(),
        layout: z.enum(['dual', 'triple', 'quad', 'grid'], {
          error: 'Disposition inconnue (dual, triple, quad ou grid)',
        }),
      }),
    )
    .output(z.object({ success: z.literal(true), compositeImage: z.string(), compositeImagePath: z.string() }))
    .mutation(({ ctx, input }) => combineImages(ctx, { ...input, userId: ctx.user.id })),

  referenceComposite: authedProcedure
    .use(rateLimited('imageWork'))
    .input(
      z.object({
        mainImage: mediaRef,
        referenceImages: z.partialRecord(z.enum(REFERENCE_SLOTS), mediaRef),
        referenceImportance: z.partialRecord(z.enum(REFERENCE_SLOTS), importance).optional(),
      }),
    )
    .output(z.object({ compositePath: z.string() }))
    .mutation(({ ctx, input }) => composeWithReferences(ctx, { ...input, userId: ctx.user.id })),

  /**
   * The member's photo kept to preview the options on (see keepSample), sent small by the studio
   * when a photo is imported; the bytes arrive through the REST multipart path, which counts it.
   */
  keepSample: authedProcedure
    .input(
      z.object({ image: z.instanceof(Uint8Array, { error: 'Fichier non valide. Veuillez sélectionner une image.' }) }),
    )
    .output(z.object({ sampleId: z.string() }))
    .mutation(({ ctx, input }) => keepSample(ctx, { ownerId: ctx.user.id, image: input.image })),

  /** An option's tile on the member's sample, as JPEG bytes. */
  sampleTile: authedProcedure
    .use(rateLimited('previews'))
    .input(z.object({ sampleId, thumbnail: clientText().max(120) }))
    .output(z.custom<Buffer>((value) => Buffer.isBuffer(value)))
    .query(({ ctx, input }) => sampleTile(ctx, { ownerId: ctx.user.id, ...input })),

  /** The before|after picture of a result, as JPEG bytes. */
  stitch: optionalUserProcedure
    .use(rateLimited('imageWork'))
    .input(z.object({ filename: clientText().max(100) }))
    .output(z.custom<Buffer>((value) => Buffer.isBuffer(value)))
    .query(({ ctx, input }) => stitchedView(ctx, { viewerId: ctx.user?.id ?? null, filename: input.filename })),
});
