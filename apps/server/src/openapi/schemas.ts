import { appRouter } from '@atelier/api';
import { z } from 'zod';

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect). */
export type JsonSchema = Record<string, unknown>;

interface ProcedureSchemas {
  inputs: unknown[];
  output?: unknown;
}

/** The zod schemas a procedure validates its input and its output with: what the REST paths document. */
function schemasOf(path: string): ProcedureSchemas {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureSchemas } | undefined>;
  const procedure = procedures[path];
  if (!procedure) throw new Error(`Procédure inconnue : ${path}`);
  return procedure._def;
}

function asZod(schema: unknown, what: string): z.ZodType {
  if (!(schema instanceof z.ZodType)) throw new Error(`${what} n'est pas un schéma zod`);
  return schema;
}

/** Unwraps `.default()` and `.prefault()`, which a procedure's optional input carries. */
function objectOf(schema: z.ZodType, what: string): z.ZodObject {
  let current: z.ZodType = schema;
  while (current instanceof z.ZodDefault || current instanceof z.ZodPrefault) current = current.unwrap() as z.ZodType;
  if (!(current instanceof z.ZodObject)) throw new Error(`${what} n'est pas un objet`);
  return current;
}

/** The input object a procedure validates. */
export function procedureInput(path: string): z.ZodObject {
  return objectOf(asZod(schemasOf(path).inputs[0], `L'entrée de ${path}`), `L'entrée de ${path}`);
}

/** The output a procedure validates before answering. */
export function procedureOutput(path: string): z.ZodType {
  return asZod(schemasOf(path).output, `La sortie de ${path}`);
}

/** The output of a procedure answering an object. */
export function procedureOutputObject(path: string): z.ZodObject {
  return objectOf(procedureOutput(path), `La sortie de ${path}`);
}

/**
 * The JSON Schema of a zod schema as it travels in JSON: what a client sends (`input`, before
 * defaults and transforms) or receives (`output`). Dates travel as ISO strings; bytes as binary.
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: json }) => {
      const type = zodSchema._zod.def.type;
      if (type === 'date') Object.assign(json, { type: 'string', format: 'date-time' });
      if (type === 'custom') Object.assign(json, { type: 'string', contentMediaType: 'application/octet-stream' });
    },
  }) as JsonSchema;
  delete converted.$schema;
  return converted;
}
