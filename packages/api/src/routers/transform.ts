import {
  clientText,
  colorChoicesSchema,
  mediaReferenceSchema,
  selectionSchema,
  workflowSelectionSchema,
} from '@atelier/catalog';
import { MAX_EDGE, REFERENCE_SLOTS } from '@atelier/media';
import { z } from 'zod';
import { IMAGE_WAIT_MS } from '../jobs/service';
import { recordId } from '../shared/input';
import { recentTransformations } from '../transform/recent';
import { transformImage, transformUpload } from '../transform/studio';
import { createUpload, rememberLastUsedImage } from '../transform/uploads';
import { renderWorkflow, transformNode } from '../transform/workflow';
import { generationCredits } from '../jobs/price';
import { authedProcedure, publicProcedure, rateLimited, router } from '../trpc';

/** An image the server stores, named by its address: the saved workflows' rule, for every procedure. */
export const mediaRef = mediaReferenceSchema;
const nodeId = clientText().trim().min(1).max(100);
/** True: answer at once with the job to follow (202 over REST, `Prefer: respond-async`) instead of waiting for the picture. */
const respondAsync = z.boolean().optional();
/** A render's seed, to make the same picture again; a new one by default. */
const seed = z.number().int().min(0).max(2_147_483_647).optional();
/** The studio visit asking: its result joins the gallery with its payment, and the studio reopens on it. */
const sessionKey = clientText().max(64, 'La clé de session doit contenir au plus 64 caractères.').optional();
const waitFor = (input: { respondAsync?: boolean | undefined }) => (input.respondAsync ? 0 : IMAGE_WAIT_MS);
const sideMessage = 'Indiquez la largeur et la hauteur de la photo en pixels.';
/** A picture's side as a quote takes it: a picked photo's, before it is stored within MAX_EDGE. */
const pictureSide = z
  .number({ error: sideMessage })
  .int(sideMessage)
  .min(1, sideMessage)
  .max(65_535, 'Une photo a au plus 65 535 px de côté.');

/** What a generation took from the balance, in credits: its price, the quote's. */
export const creditsCharged = z.number().int().describe('Les crédits que la génération a coûtés.');

const transformResult = z.object({
  success: z.literal(true),
  transformedImagePath: z.string(),
  originalImagePath: z.string(),
  transformationId: z.number(),
  /** The balance once this generation is paid for: the browser shows it without asking again. */
  credits: z.number().describe('Le solde après cette génération, en crédits.'),
  creditsCharged,
  jobId: z.number(),
  seed: z.number(),
  /** The engine that made the picture: 'local' or 'replicate'. */
  engine: z.string(),
  /** The cloud models that made it, in order ("owner/name"); empty for the local engine. */
  models: z.array(z.string()),
});

export const transformRouter = router({
  /** A picture checked, normalised and stored; the bytes arrive through the REST multipart path. */
  /**
   * Asked by the upload paths before they read a byte of the picture: a visitor gets 401, a member
   * past the image-work limit 429, without their megabytes being received first. The uploads
   * themselves (which only those paths can send) are counted here.
   */
  uploadSlot: authedProcedure
    .use(rateLimited('imageWork'))
    .output(z.object({ allowed: z.literal(true) }))
    .mutation(() => ({ allowed: true as const })),

  upload: authedProcedure
    .input(
      z.object({
        image: z.instanceof(Uint8Array, { error: 'Fichier non valide. Veuillez sélectionner une image.' }),
        style: clientText().max(4000).optional(),
        selection: selectionSchema.optional(),
        colors: colorChoicesSchema.optional(),
        isComposite: z.boolean().optional(),
      }),
    )
    .output(z.object({ id: z.number(), imagePath: z.string(), width: z.number(), height: z.number() }))
    .mutation(async ({ ctx, input }) => {
      const upload = await createUpload(ctx, { ...input, userId: ctx.user.id });
      await rememberLastUsedImage(ctx.em, ctx.user.id, upload.imagePath);
      return upload;
    }),

  /** A reference picture for the workflow's composites (face, body, environment, style). */
  uploadReference: authedProcedure
    .input(
      z.object({
        image: z.instanceof(Uint8Array, { error: 'Fichier non valide. Veuillez sélectionner une image.' }),
        type: z.enum(REFERENCE_SLOTS, { error: 'Type de référence inconnu (face, body, environment ou style)' }),
      }),
    )
    .output(z.object({ imagePath: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { imagePath } = await createUpload(ctx, {
        userId: ctx.user.id,
        image: input.image,
        style: `reference:${input.type}`,
      });
      return { imagePath };
    }),

  /**
   * What a generation will cost, in credits, before it is asked: a picture of `width` × `height`
   * with these options (or words), or a clip of it. The engine's models priced by `creditsFor`.
   */
  quote: publicProcedure
    .input(
      z.object({
        kind: z.enum(['image', 'video'], { error: 'Type de génération inconnu (image ou video)' }).default('image'),
        width: pictureSide,
        height: pictureSide,
        style: clientText().max(4000).default(''),
        selection: workflowSelectionSchema.default({}),
      }),
    )
    .output(z.object({ credits: z.number().int().describe('Le prix de la génération, en crédits.') }))
    .query(({ ctx, input }) => {
      // Priced as it will be stored: within MAX_EDGE.
      const fit = Math.min(1, MAX_EDGE / Math.max(input.width, input.height));
      const size = { width: Math.round(input.width * fit), height: Math.round(input.height * fit) };
      return {
        credits: generationCredits(ctx.media, input.kind, { size, prompt: input.style, selection: input.selection }),
      };
    }),

  /**
   * The transformation of an upload with the options sent beside it (`/api/transform/{id}`): its
   * price held, taken only when it succeeds.
   */
  run: authedProcedure
    .input(z.object({ uploadId: recordId, seed, respondAsync, sessionKey }))
    .output(transformResult)
    .mutation(({ ctx, input }) => transformUpload(ctx, { ...input, userId: ctx.user.id, waitMs: waitFor(input) })),

  /**
   * The studio's RUN: a picture the server stores, named by its address, transformed with the
   * options of this call. Nothing is sent again; its price is held, taken only when it succeeds.
   */
  runImage: authedProcedure
    .input(
      z.object({
        image: mediaRef,
        selection: selectionSchema.optional(),
        colors: colorChoicesSchema.optional(),
        /** The documented free text, whose named options count when no selection is sent. */
        style: clientText().max(4000).optional(),
        seed,
        respondAsync,
        sessionKey,
      }),
    )
    .output(transformResult)
    .mutation(({ ctx, input: { image, selection, colors, style, ...request } }) =>
      transformImage(ctx, {
        ...request,
        image,
        choices: { selection, colors, style },
        userId: ctx.user.id,
        waitMs: waitFor(request),
      }),
    ),

  /** One render of a workflow. */
  workflow: authedProcedure
    .input(
      z.object({
        nodeId,
        image: mediaRef,
        style: clientText().trim().min(1, 'Veuillez configurer au moins un node de transformation').max(4000),
        type: z.literal('workflow'),
        intensity: z.number().min(0).max(1).default(1),
        selection: workflowSelectionSchema.optional(),
        seed,
        respondAsync,
      }),
    )
    .output(
      z.object({
        success: z.literal(true),
        transformedImage: z.string(),
        transformation: z.object({ id: z.number(), nodeId: z.string(), prompt: z.string(), intensity: z.number() }),
        credits: z.number(),
        creditsCharged,
        jobId: z.number(),
        seed: z.number(),
      }),
    )
    .mutation(({ ctx, input }) => renderWorkflow(ctx, { ...input, userId: ctx.user.id, waitMs: waitFor(input) })),

  /** A single node's option applied to its parent's image. */
  node: authedProcedure
    .input(
      z.object({
        nodeId,
        parentImagePath: mediaRef,
        transformationType: clientText().max(32),
        optionId: clientText().max(100),
        optionName: clientText().max(200).optional(),
        seed,
        respondAsync,
      }),
    )
    .output(
      z.object({
        transformedImagePath: z.string(),
        credits: z.number(),
        creditsCharged,
        jobId: z.number(),
        seed: z.number(),
      }),
    )
    .mutation(({ ctx, input }) => transformNode(ctx, { ...input, userId: ctx.user.id, waitMs: waitFor(input) })),

  recent: authedProcedure
    .input(z.object({ limit: z.number().int().min(1).max(100).default(50) }).default({ limit: 50 }))
    .output(
      z.array(
        z.object({
          id: z.number(),
          transformedImagePath: z.string(),
          originalImagePath: z.string().nullable(),
          prompt: z.string(),
          createdAt: z.date(),
        }),
      ),
    )
    .query(({ ctx, input }) => recentTransformations(ctx.em, ctx.user.id, input.limit)),
});
