import type { AnyTRPCProcedure } from '@trpc/server';
import { z } from 'zod';

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect). */
export type JsonSchema = Record<string, unknown>;

/** The zod schemas a procedure validates its input and its output with: what the REST paths document. */
interface ProcedureSchemas {
  inputs: unknown[];
  output?: unknown;
}

const schemasOf = (procedure: AnyTRPCProcedure) => procedure._def as unknown as ProcedureSchemas;

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
export function procedureInput(procedure: AnyTRPCProcedure): z.ZodObject {
  return objectOf(asZod(schemasOf(procedure).inputs[0], "L'entrée d'une procédure"), "L'entrée d'une procédure");
}

/** The output a procedure validates before answering. */
export function procedureOutput(procedure: AnyTRPCProcedure): z.ZodType {
  return asZod(schemasOf(procedure).output, "La sortie d'une procédure");
}

/** The output of a procedure answering an object. */
export function procedureOutputObject(procedure: AnyTRPCProcedure): z.ZodObject {
  return objectOf(procedureOutput(procedure), "La sortie d'une procédure");
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
