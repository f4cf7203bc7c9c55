import { AppError, appRouter, describeError, JobPendingError, toProcedureError } from '@atelier/api';
import { MAX_UPLOAD_BYTES, MEDIA_MESSAGES } from '@atelier/media';
import multipart from '@fastify/multipart';
import type { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiRoute } from '../openapi/api-route';
import { answerOf, bodyOf, inputField, mediaExample, pathId } from '../openapi/operation';
import { jsonSchema, procedureInput, procedureOutput, procedureOutputObject } from '../openapi/schemas';
import {
  generationBody,
  restHandler,
  sendJobPending,
  sendProcedureError,
  untrusted,
  untrustedField,
  type Caller,
  type CallerFactory,
} from './call';

interface MultipartImage {
  image: Buffer | null;
  fields: Record<string, string>;
}

const multipartMessages = {
  notMultipart: "Envoyez l'image dans un formulaire multipart/form-data.",
  malformed: 'Requête multipart invalide',
  tooManyParts: 'Formulaire trop chargé : une image et quelques champs au plus.',
} as const;

/**
 * Whatever stops a form being read is the client's: a file over 10 MB, too many parts, or a body
 * the parser cannot follow (no boundary, cut short), whose errors carry no status of their own.
 */
function unreadableForm(error: unknown): AppError {
  if (untrustedField(error, 'code') === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.fileTooLarge, { cause: error });
  if (untrustedField(error, 'statusCode') === 413)
    return new AppError('PAYLOAD_TOO_LARGE', multipartMessages.tooManyParts, { cause: error });
  return new AppError('VALIDATION', multipartMessages.malformed, { cause: error });
}

/** Reads a multipart form with one image file; a file over 10 MB is refused before it is all read. */
async function readMultipartImage(request: FastifyRequest, fileField: string): Promise<MultipartImage> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', multipartMessages.notMultipart);
  let image: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === fileField) image = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw unreadableForm(error);
  }
  return { image, fields };
}

/** A JSON form field, or undefined; bad JSON is handed on as is so the procedure's schema refuses it. */
function jsonField(value: string | undefined): unknown {
  if (value === undefined || value === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * The spec's transform reply on failure: `{success: false, error, message}`, with the status and
 * headers (Retry-After) of any procedure's refusal.
 */
function sendTransformFailure(reply: FastifyReply, error: TRPCError): FastifyReply {
  const { data } = describeError(error);
  return sendProcedureError(reply, error, () => ({
    success: false,
    error: data.clientCode ?? data.appCode.toLowerCase(),
  }));
}

function transformHandler(
  callerFor: CallerFactory,
  run: (caller: Caller, request: FastifyRequest) => Promise<unknown>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await callerFor(request, reply);
    try {
      return await run(caller, request);
    } catch (error) {
      const failure = toProcedureError(error);
      if (failure?.cause instanceof JobPendingError) return sendJobPending(reply, failure.cause);
      if (failure) return sendTransformFailure(reply, failure);
      throw error;
    }
  };
}

const { transform, media } = appRouter;

/** What the REST upload form carries: the file, then the text fields of the procedure (JSON-encoded where they are objects). */
const uploadFields = {
  style: {
    type: 'string',
    maxLength: 4000,
    examples: ['Aquarelle'],
    description: 'Le style demandé, en texte libre (les options du catalogue y sont reconnues).',
  },
  selection: {
    type: 'string',
    contentMediaType: 'application/json',
    contentSchema: jsonSchema(inputField(transform.upload, 'selection'), 'input'),
    description: 'Les options choisies, en JSON.',
  },
  colors: {
    type: 'string',
    contentMediaType: 'application/json',
    contentSchema: jsonSchema(inputField(transform.upload, 'colors'), 'input'),
    description: 'Les couleurs choisies, en JSON.',
  },
  isComposite: { type: 'string', enum: ['true', 'false'], description: 'Vrai pour une image composée dans le studio.' },
};

/** The transform paths' refusal: the spec's `{ success: false, error, message }`. */
const transformRefusal = z.object({
  success: z.literal(false),
  error: z.string().describe('Code machine : `insufficient_credits`, `validation`, `not_found`…'),
  message: z.string().describe("Message en français, à montrer à l'utilisateur."),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

export async function registerTransformRoutes(app: FastifyInstance, callerFor: CallerFactory): Promise<void> {
  // Multipart is parsed for these routes only; one file, 10 MB, a few short text fields.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    });

    apiRoute(uploads, {
      operation: {
        method: 'POST',
        path: '/api/upload',
        tag: 'Images',
        summary: 'Envoyer une photo',
        description:
          "Formulaire multipart : le champ `image` (10 Mo au plus, décodée quel que soit son nom ou son type ; orientée, débarrassée de l'EXIF et du GPS, 4096 px au plus).",
        access: 'account',
        body: { kind: 'multipart', file: 'image', fields: uploadFields, description: 'La photo et ses options.' },
        answer: {
          kind: 'json',
          schema: procedureOutputObject(transform.upload).pick({ id: true, imagePath: true }),
          description: 'La photo enregistrée : son identifiant (pour `/api/transform/{id}`) et son adresse.',
        },
        refusals: [413, 415],
      },
      handler: restHandler(callerFor, async (caller, request) => {
        await caller.transform.uploadSlot();
        const { image, fields } = await readMultipartImage(request, 'image');
        const { id, imagePath } = await caller.transform.upload(
          untrusted({
            image,
            style: fields.style,
            selection: jsonField(fields.selection),
            colors: jsonField(fields.colors),
            isComposite: fields.isComposite === undefined ? undefined : fields.isComposite === 'true',
          }),
        );
        return { id, imagePath };
      }),
    });

    apiRoute(uploads, {
      operation: {
        method: 'POST',
        path: '/api/upload-reference',
        tag: 'Images',
        summary: 'Envoyer une image de référence',
        description: 'Formulaire multipart : le champ `referenceImage` et `type` (face, body, environment ou style).',
        access: 'account',
        body: {
          kind: 'multipart',
          file: 'referenceImage',
          fields: {
            type: { ...jsonSchema(inputField(transform.uploadReference, 'type'), 'input'), examples: ['style'] },
          },
          description: 'L’image et son rôle.',
        },
        answer: answerOf(transform.uploadReference, "L'adresse de l'image."),
        refusals: [413, 415],
      },
      handler: restHandler(callerFor, async (caller, request) => {
        await caller.transform.uploadSlot();
        const { image, fields } = await readMultipartImage(request, 'referenceImage');
        const { imagePath } = await caller.transform.uploadReference(untrusted({ image, type: fields.type }));
        return { imagePath };
      }),
    });

    apiRoute(uploads, {
      operation: {
        method: 'POST',
        path: '/api/option-samples',
        tag: 'Images',
        summary: 'Essayer les options sur sa photo',
        description:
          "Formulaire multipart : le champ `image`, une petite copie de la photo (elle est ramenée à 512 px au plus). Elle remplace la précédente du membre ; les vignettes des options et la détection d'une personne se lisent ensuite sous `/api/option-samples/{sampleId}/…`.",
        access: 'account',
        body: { kind: 'multipart', file: 'image', fields: {}, description: 'La photo.' },
        answer: answerOf(media.keepSample, "L'identifiant de la photo d'essai."),
        refusals: [413, 415],
      },
      handler: restHandler(callerFor, async (caller, request) => {
        await caller.transform.uploadSlot();
        const { image } = await readMultipartImage(request, 'image');
        return caller.media.keepSample(untrusted({ image }));
      }),
    });
  });

  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/transform/{id}',
      tag: 'Images',
      summary: 'Transformer une photo envoyée',
      description:
        'Applique à la photo les options données à son envoi. Son prix (`/api/transform/quote`, `creditsCharged` dans la réponse) est retenu, et pris seulement quand l’image est faite.',
      access: 'account',
      params: [pathId('id', transform.run, 'uploadId', 'Identifiant de la photo envoyée.', 12)],
      body: { kind: 'json', schema: procedureInput(transform.run).pick({ seed: true }), example: {}, required: false },
      answer: answerOf(transform.run, 'L’image transformée, sa génération et sa graine.'),
      refusals: [404],
      generation: true,
      refusalSchema: transformRefusal,
    },
    handler: transformHandler(callerFor, (caller, request) =>
      caller.transform.run(
        generationBody(request, {
          uploadId: untrustedField(request.params, 'id'),
          seed: untrustedField(request.body, 'seed'),
          sessionKey: untrustedField(request.body, 'sessionKey'),
        }),
      ),
    ),
  });

  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/transform/image',
      tag: 'Images',
      summary: 'Transformer une image déjà enregistrée',
      description:
        'Applique les options de la requête à une image qu’Atelier garde déjà, nommée par son adresse (`image` : une photo envoyée, un résultat à retoucher encore, une image publiée) : rien n’est renvoyé ni réencodé, aucun envoi n’est compté, l’image d’origine sert telle quelle. Son prix (`/api/transform/quote`, `creditsCharged` dans la réponse) est retenu, et pris seulement quand l’image est faite ; `credits` dit le solde après.',
      access: 'account',
      body: bodyOf(transform.runImage, { image: mediaExample, selection: { style: { id: 'watercolor' } } }),
      answer: answerOf(transform.runImage, 'L’image transformée, sa génération, sa graine et le solde.'),
      refusals: [404],
      generation: true,
      refusalSchema: transformRefusal,
    },
    handler: transformHandler(callerFor, (caller, request) =>
      caller.transform.runImage(generationBody(request, request.body)),
    ),
  });

  // One path, two documented bodies: the workflow render and the single-node transform.
  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/transform',
      tag: 'Images',
      summary: 'Rendu du workflow ou d’un nœud',
      description:
        'Deux corps : le rendu du workflow (`type: "workflow"`) ou la transformation d’un seul nœud. Chaque image faite coûte son prix (`/api/transform/quote`, `creditsCharged` dans la réponse).',
      access: 'account',
      body: {
        kind: 'json',
        schema: z.union([bodyOf(transform.workflow, null).schema, bodyOf(transform.node, null).schema]),
        example: {
          type: 'workflow',
          nodeId: 'n1',
          image: mediaExample,
          style: 'Portrait à l’aquarelle, lumière douce',
        },
      },
      answer: {
        kind: 'json',
        schema: z.union([procedureOutput(transform.workflow), procedureOutput(transform.node)]),
        description: 'L’image faite.',
      },
      refusals: [404],
      generation: true,
      refusalSchema: transformRefusal,
    },
    handler: transformHandler(callerFor, (caller, request) => {
      const body = generationBody(request, request.body);
      return untrustedField(body, 'type') === 'workflow'
        ? caller.transform.workflow(body)
        : caller.transform.node(body);
    }),
  });

  apiRoute(app, {
    operation: {
      method: 'POST',
      path: '/api/transform/quote',
      tag: 'Images',
      summary: 'Prix d’une génération',
      description:
        'Ce que coûtera, en crédits, une image (ou une vidéo, `kind: "video"`) tirée d’une photo de `width` × `height` px avec ces options ou ce texte : le prix que la génération retiendra puis prendra si elle réussit. Il dépend des modèles qui la feront.',
      access: 'public',
      body: bodyOf(transform.quote, {
        width: 4000,
        height: 3000,
        selection: { style: { id: 'watercolor', name: 'Aquarelle' } },
      }),
      answer: answerOf(transform.quote, 'Le prix, en crédits.'),
    },
    handler: restHandler(callerFor, (caller, request) => caller.transform.quote(untrusted(request.body))),
  });

  apiRoute(app, {
    operation: {
      method: 'GET',
      path: '/api/transformations/recent',
      tag: 'Images',
      summary: 'Transformations récentes',
      access: 'account',
      answer: answerOf(transform.recent, 'Les dernières images faites, la plus récente d’abord.'),
    },
    handler: restHandler(callerFor, (caller) => caller.transform.recent()),
  });
}
