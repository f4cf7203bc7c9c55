import { appRouter, type MediaDeps } from '@atelier/api';
import { isMediaError } from '@atelier/media';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { apiRoute } from '../openapi/api-route';
import { answerOf, bodyOf, inputField, mediaExample } from '../openapi/operation';
import { procedureInput, procedureOutput } from '../openapi/schemas';
import { restHandler, untrusted, untrustedField, type CallerFactory } from './call';
import { notFound, sendStoredFile } from './files';

const ONE_DAY = 86_400;
/**
 * Stored files: keys are random and never reused, so a file never changes under its address.
 * Private even once published: unpublishing must not leave a copy in shared caches for a year.
 */
const PRIVATE_FOREVER = 'private, max-age=31536000, immutable';

const isUnknownName = (error: unknown) => isMediaError(error) && error.code === 'NOT_FOUND';

/**
 * Sends a rendered-once file (thumbnail, welcome image, default model): public and cacheable. Only
 * an unknown name is a 404: a disk that cannot keep the render is a fault (507 or 503, see faultReply).
 */
async function sendRendered(reply: FastifyReply, render: () => Promise<Buffer>): Promise<FastifyReply> {
  const image = await render().catch((error: unknown) => (isUnknownName(error) ? notFound() : Promise.reject(error)));
  return reply.type('image/jpeg').header('cache-control', `public, max-age=${ONE_DAY}`).send(image);
}

const procedures = appRouter.media;

export function registerMediaRoutes(app: FastifyInstance, callerFor: CallerFactory, media: MediaDeps): void {
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/media/{key}',
      wildcard: 'key',
      tag: 'Images',
      summary: 'Fichier stocké',
      description:
        "Une photo, un résultat ou une vidéo : pour son propriétaire, ou pour tous une fois publié. L'adresse ne change jamais de contenu.",
      access: 'viewer',
      params: [
        {
          name: 'key',
          schema: z.string(),
          description: 'La clé du fichier (elle contient des `/`).',
          example: 'uploads/2026/11/0f8e2d3a-5b6c-4d7e-8f90-1a2b3c4d5e6f.jpg',
        },
      ],
      query: [
        {
          name: 'w',
          schema: inputField(procedures.preview, 'width'),
          description:
            'Pour une image : sa petite version en WebP, son petit côté à cette largeur (jamais agrandie), pour les vignettes des grilles.',
          example: 320,
          required: false,
        },
      ],
      answer: {
        kind: 'file',
        mediaTypes: ['image/jpeg', 'image/png', 'image/webp', 'video/mp4'],
        description: 'Le fichier, ou sa petite version avec `w`.',
      },
      refusals: [400, 404],
      ranges: true,
    },
    handler: restHandler(callerFor, async (caller, request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const width = untrustedField(request.query, 'w');
      if (width !== undefined) {
        // A card's small version: the same address, so the same owner check, made once then kept.
        const preview = await caller.media.preview({ key, width: untrusted(Number(width)) });
        return reply.type('image/webp').header('cache-control', PRIVATE_FOREVER).send(preview);
      }
      await caller.media.canView({ key });
      return sendStoredFile(reply, media.storage, key, { 'cache-control': PRIVATE_FOREVER });
    }),
  });

  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/art/{name}',
      tag: 'Images',
      summary: 'Image du catalogue',
      description: 'Les images de départ du studio et celles de la page d’accueil.',
      access: 'public',
      params: [
        {
          name: 'name',
          schema: z.string(),
          description: "Le nom de l'image, `.jpg` compris.",
          example: 'model-camille.jpg',
        },
      ],
      answer: { kind: 'file', mediaTypes: ['image/jpeg'], description: "L'image." },
      refusals: [404],
    },
    handler: restHandler(callerFor, (_caller, request, reply) =>
      sendRendered(reply, () => media.renders.art((request.params as { name: string }).name.replace(/\.jpg$/, ''))),
    ),
  });

  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/thumbnail/{name}',
      tag: 'Images',
      summary: 'Vignette d’une option',
      description: '`{catégorie}-{option}.jpg`, ou `{style}.jpg` pour un style.',
      access: 'public',
      params: [{ name: 'name', schema: z.string(), description: 'La vignette.', example: 'lighting-golden-hour.jpg' }],
      answer: { kind: 'file', mediaTypes: ['image/jpeg'], description: 'La vignette.' },
      refusals: [404],
    },
    handler: restHandler(callerFor, (_caller, request, reply) => {
      const id = (request.params as { name: string }).name.replace(/\.jpg$/, '');
      return sendRendered(reply, () =>
        media.renders
          .thumbnail(id)
          .catch((error: unknown) =>
            isUnknownName(error) ? media.renders.thumbnail(`style-${id}`) : Promise.reject(error),
          ),
      );
    }),
  });

  const sampleParam = {
    name: 'sampleId',
    schema: inputField(procedures.sampleTile, 'sampleId'),
    description: "L'identifiant donné par `POST /api/option-samples`.",
    example: '3f2a9c0d1e4b5a6978c8d7e6f5a4b3c2d1e0f9a8',
  };
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/option-samples/{sampleId}/{name}',
      tag: 'Images',
      summary: "Vignette d'une option sur la photo d'essai",
      description: '`{catégorie}-{option}.jpg` : l’option seule, rendue par le moteur local sur la photo du membre.',
      access: 'account',
      params: [
        sampleParam,
        { name: 'name', schema: z.string(), description: 'La vignette.', example: 'lighting-golden-hour.jpg' },
      ],
      answer: { kind: 'file', mediaTypes: ['image/jpeg'], description: 'La vignette.' },
      refusals: [404],
    },
    handler: restHandler(callerFor, async (caller, request, reply) => {
      const tile = await caller.media.sampleTile(
        untrusted({
          sampleId: untrustedField(request.params, 'sampleId'),
          thumbnail: String(untrustedField(request.params, 'name')).replace(/\.jpg$/, ''),
        }),
      );
      // The member's own photo, kept by their browser alone; a day, as the thumbnails (a new engine version redraws it).
      return reply.type('image/jpeg').header('cache-control', `private, max-age=${ONE_DAY}`).send(tile);
    }),
  });

  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/default-models',
      tag: 'Images',
      summary: 'Images de départ',
      access: 'viewer',
      answer: answerOf(procedures.defaults, 'Les images de départ du studio et la dernière image utilisée.'),
    },
    handler: restHandler(callerFor, (caller) => caller.media.defaults()),
  });
  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/gallery/default',
      tag: 'Images',
      summary: 'Images d’accueil',
      access: 'public',
      answer: answerOf(procedures.welcomeImages, 'Les images de la page d’accueil.'),
    },
    handler: restHandler(callerFor, (caller) => caller.media.welcomeImages()),
  });
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/set-last-used-image',
      tag: 'Images',
      summary: 'Retenir la dernière image',
      access: 'account',
      body: bodyOf(procedures.setLastUsedImage, { imagePath: mediaExample }),
      answer: answerOf(procedures.setLastUsedImage, 'Image retenue.'),
      refusals: [404],
    },
    handler: restHandler(callerFor, (caller, request) => caller.media.setLastUsedImage(untrusted(request.body))),
  });

  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/view-stitch/{filename}',
      tag: 'Images',
      summary: 'Avant / après',
      description: "L'image d'origine et son résultat côte à côte.",
      access: 'viewer',
      params: [
        {
          name: 'filename',
          schema: inputField(procedures.stitch, 'filename'),
          description: 'Le nom du fichier résultat.',
          example: '0f8e2d3a-5b6c-4d7e-8f90-1a2b3c4d5e6f.jpg',
        },
      ],
      answer: { kind: 'file', mediaTypes: ['image/jpeg'], description: "L'image assemblée." },
      refusals: [404],
    },
    handler: restHandler(callerFor, async (caller, request, reply) => {
      const image = await caller.media.stitch({ filename: (request.params as { filename: string }).filename });
      return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(image);
    }),
  });

  // One path, two documented bodies: COMBINE (imageUrls) and the reference composite (mainImage).
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/create-composite',
      tag: 'Images',
      summary: 'Composer des images',
      description:
        'Deux corps : la fusion COMBINE (`imageUrls`, `layout`) ou la composition avec références (`mainImage`, `referenceImages`).',
      access: 'account',
      body: {
        kind: 'json',
        schema: z.union([procedureInput(procedures.combine), procedureInput(procedures.referenceComposite)]),
        example: { mainImage: mediaExample, referenceImages: {} },
      },
      answer: {
        kind: 'json',
        schema: z.union([procedureOutput(procedures.combine), procedureOutput(procedures.referenceComposite)]),
        description: "L'image composée.",
      },
      refusals: [404],
    },
    handler: restHandler(callerFor, (caller, request) => {
      const body = untrusted(request.body);
      return untrustedField(body, 'imageUrls') === undefined
        ? caller.media.referenceComposite(body)
        : caller.media.combine(body);
    }),
  });
}
