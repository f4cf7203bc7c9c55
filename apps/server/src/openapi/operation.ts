import type { z } from 'zod';
import type { JsonSchema } from './schemas';

/**
 * Who may call a path: anyone; anyone, with answers that depend on the viewer (`viewer`); a
 * signed-in account only (session cookie or personal API token); a signed webhook sender.
 */
export type Access = 'public' | 'viewer' | 'account' | 'signed';

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
  /** OpenAPI's form: `/api/gallery/{userId}`. */
  path: string;
  /** A path parameter that spans several segments (Fastify's `*`). */
  wildcard?: string;
  tag: string;
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
