import type { AnyTRPCProcedure } from '@trpc/server';
import type { z } from 'zod';
import { procedureInput, procedureOutput, type JsonSchema } from './schemas';

/** The groups of paths, in the order the document lists them. */
export const apiTags = [
  { name: 'Compte', description: 'Inscription, connexion, compte.' },
  { name: 'Crédits et paiements', description: 'Solde, historique et achats de crédits par carte (Stripe).' },
  { name: 'Images', description: 'Envoi de photos, transformations, fichiers.' },
  { name: 'Galerie et fil public', description: 'La galerie privée, la publication et le fil public.' },
  { name: 'Vidéos', description: 'Vidéos de 6 secondes tirées d’une image.' },
  {
    name: 'Générations',
    description: 'Chaque image ou vidéo est une génération à suivre : état, événements, annulation.',
  },
  {
    name: 'Modération',
    description: 'Signaler une publication ; décisions et console des administrateurs (`ADMIN_EMAILS`).',
  },
  { name: 'Webhooks', description: 'Ce que Stripe et Replicate envoient à Atelier, signé.' },
  { name: 'Service', description: 'Santé et documentation.' },
] as const;

/**
 * Who may call a path: anyone; anyone, with answers that depend on the viewer (`viewer`); a
 * signed-in account only (session cookie or personal API token); the account's security, from a
 * signed-in browser only (`session`: a token gets 403); an administrator's browser (`admin`:
 * visitors get 401, members and tokens 403); a signed webhook sender.
 */
export type Access = 'public' | 'viewer' | 'account' | 'session' | 'admin' | 'signed';

/** The refusals a path may answer beside those its access, its input and its kind already imply. */
export type RefusalStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 416 | 429 | 503;

export interface Parameter {
  name: string;
  schema: z.ZodType;
  description: string;
  example: string | number;
  required?: boolean;
}

/** What a request carries: JSON validated by a procedure, a multipart form, or raw bytes a sender signed. */
export type RequestContent =
  | { kind: 'json'; schema: z.ZodType; example: unknown; required?: boolean }
  | { kind: 'multipart'; file: string; fields: Record<string, JsonSchema>; description: string }
  | { kind: 'raw'; description: string; example: unknown };

/** What a success carries. */
export type Answer =
  | { kind: 'json'; schema: z.ZodType; description: string }
  | { kind: 'file'; mediaTypes: string[]; description: string }
  | { kind: 'events'; description: string }
  | { kind: 'html'; description: string };

/** One `/api` path and method, as third-party clients read it in the OpenAPI document. */
export interface ApiOperation {
  method: 'GET' | 'POST' | 'DELETE';
  /** OpenAPI's form: `/api/gallery/{id}/favorite`. */
  path: string;
  /** A path parameter that spans several segments (Fastify's `*`). */
  wildcard?: string;
  tag: (typeof apiTags)[number]['name'];
  summary: string;
  description?: string;
  access: Access;
  params?: Parameter[];
  query?: Parameter[];
  headers?: Parameter[];
  body?: RequestContent;
  answer: Answer;
  refusals?: RefusalStatus[];
  /** A polled list: ETag, `If-None-Match`, 304. */
  polled?: boolean;
  /** A generation: 402 when credits are short, `Prefer: respond-async` and 202 with the job to follow. */
  generation?: boolean;
  /** Answers 201 Created rather than 200. */
  created?: boolean;
  /** A stored file: byte ranges and conditional requests (206, 304, 416). */
  ranges?: boolean;
  /** A refusal body other than `{ message }` for this path. */
  refusalSchema?: z.ZodType;
}

/** One member of the input object a procedure validates: what a parameter or a form field carries. */
export function inputField(procedure: AnyTRPCProcedure, name: string): z.ZodType {
  const schema = (procedureInput(procedure).shape as Record<string, z.ZodType | undefined>)[name];
  if (!schema) throw new Error(`La procédure n'a pas de champ ${name}`);
  return schema;
}

/** A path parameter naming a record: the procedure's `inputName` field validates it. */
export const pathId = (
  name: string,
  procedure: AnyTRPCProcedure,
  inputName: string,
  description: string,
  example: number,
): Parameter => ({ name, schema: inputField(procedure, inputName), description, example });

/** The `limit` of a paginated list. */
export const pageLimit = (procedure: AnyTRPCProcedure): Parameter => ({
  name: 'limit',
  schema: inputField(procedure, 'limit'),
  description: 'Taille de la page (50 par défaut, 100 au plus).',
  example: 20,
  required: false,
});

/** The query of a list paginated by cursor. */
export const pageQuery = (procedure: AnyTRPCProcedure): Parameter[] => [
  pageLimit(procedure),
  {
    name: 'cursor',
    schema: inputField(procedure, 'cursor'),
    description: 'Le `nextCursor` de la page précédente ; absent pour la première page.',
    example: '1795000000000_42',
    required: false,
  },
];

/** The address of a stored picture, as examples carry it. */
export const mediaExample = '/api/media/uploads/2026/11/0f8e2d3a-5b6c-4d7e-8f90-1a2b3c4d5e6f.jpg';

/** The JSON body a procedure validates, without `respondAsync`, which REST takes from `Prefer`. */
export const bodyOf = (procedure: AnyTRPCProcedure, example: unknown) => {
  const input = procedureInput(procedure);
  return {
    kind: 'json' as const,
    schema: 'respondAsync' in input.shape ? input.omit({ respondAsync: true }) : input,
    example,
  };
};

/** A success answering the procedure's output as is. */
export const answerOf = (procedure: AnyTRPCProcedure, description: string) => ({
  kind: 'json' as const,
  schema: procedureOutput(procedure),
  description,
});
