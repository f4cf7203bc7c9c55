import { AppError, describeError, JobPendingError, toProcedureError } from '@atelier/api';
import { MAX_UPLOAD_BYTES, MEDIA_MESSAGES } from '@atelier/media';
import multipart from '@fastify/multipart';
import type { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

export async function registerTransformRoutes(app: FastifyInstance, callerFor: CallerFactory): Promise<void> {
  // Multipart is parsed for these routes only; one file, 10 MB, a few short text fields.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    });

    uploads.post(
      '/api/upload',
      restHandler(callerFor, async (caller, request) => {
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
    );

    uploads.post(
      '/api/upload-reference',
      restHandler(callerFor, async (caller, request) => {
        await caller.transform.uploadSlot();
        const { image, fields } = await readMultipartImage(request, 'referenceImage');
        const { imagePath } = await caller.transform.uploadReference(untrusted({ image, type: fields.type }));
        return { imagePath };
      }),
    );
  });

  app.post<{ Params: { id: string } }>(
    '/api/transform/:id',
    transformHandler(callerFor, (caller, request) =>
      caller.transform.run(
        generationBody(request, {
          uploadId: untrustedField(request.params, 'id'),
          seed: untrustedField(request.body, 'seed'),
          sessionKey: untrustedField(request.body, 'sessionKey'),
        }),
      ),
    ),
  );

  // One path, two documented bodies: the workflow render and the single-node transform.
  app.post(
    '/api/transform',
    transformHandler(callerFor, (caller, request) => {
      const body = generationBody(request, request.body);
      return untrustedField(body, 'type') === 'workflow'
        ? caller.transform.workflow(body)
        : caller.transform.node(body);
    }),
  );

  app.get(
    '/api/transformations/recent',
    restHandler(callerFor, (caller) => caller.transform.recent()),
  );
}
