import { CATEGORY_IDS } from '@atelier/catalog';
import type { JobKind } from '@atelier/db';
import { z } from 'zod';

const category = z.enum(CATEGORY_IDS);

/**
 * A selection as stored with its job: its shape only. The catalogue checked it when the job was
 * submitted, and may have changed since: a queued job is not refused for that.
 */
const storedSelection = z.partialRecord(category, z.object({ id: z.string(), name: z.string() }));

const storedColors = z.object({
  global: z.string().optional(),
  elements: z.partialRecord(category, z.record(z.string(), z.string())).optional(),
  components: z.partialRecord(category, z.record(z.string(), z.record(z.string(), z.string()))).optional(),
});

/** The options and colours an image job was asked for, as its owner's studio gives them back ("Mêmes réglages"). */
export const jobChoices = z.object({ selection: storedSelection, colors: storedColors });
export type JobChoices = z.output<typeof jobChoices>;

/** What an image job is asked: everything is checked, and the source found, before it is queued. */
const imageInput = z.object({
  /** The source picture's storage key. */
  sourceKey: z.string(),
  prompt: z.string(),
  selection: storedSelection,
  colors: storedColors.optional(),
  intensity: z.number().optional(),
  /** The studio's upload, when the source is one. */
  uploadId: z.number().optional(),
  /** The studio visit that asked for it: its gallery card is grouped under it (null from a REST client). */
  sessionKey: z.string().nullish(),
  /** Kept with the transformation (the workflow node, the options as chosen). */
  options: z.record(z.string(), z.unknown()),
});

/** What clients see of a made picture: its address, never the storage key behind it. */
const imageResult = z.object({
  resultUrl: z.string(),
  sourceUrl: z.string(),
  transformationId: z.number(),
  /** The cloud models that made it, in order; absent from results older than the cloud engine's chains. */
  models: z.array(z.string()).optional(),
});

const videoInput = z.object({
  sourceKey: z.string(),
  prompt: z.string(),
  /** The card the video fills. */
  videoId: z.number(),
});

const videoResult = z.object({ videoId: z.number(), videoUrl: z.string(), posterUrl: z.string() });

const imageContract = { input: imageInput, result: imageResult };

/**
 * Each job kind's input (what `submit` stores) and result (what its commit stores and clients
 * get): the types from `submit` to the client, and the check of a row read back from the database.
 */
export const JOB_CONTRACTS = {
  studio: imageContract,
  workflow: imageContract,
  node: imageContract,
  video: { input: videoInput, result: videoResult },
} as const satisfies Record<JobKind, { input: z.ZodType; result: z.ZodType }>;

export type JobInput<K extends JobKind> = z.output<(typeof JOB_CONTRACTS)[K]['input']>;
export type JobResult<K extends JobKind> = z.output<(typeof JOB_CONTRACTS)[K]['result']>;
export type ImageJobInput = JobInput<'studio'>;

/** The registry's schemas per kind, so a kind known only as a type parameter still gets its own types. */
const contractsByKind: { [K in JobKind]: { input: z.ZodType<JobInput<K>>; result: z.ZodType<JobResult<K>> } } =
  JOB_CONTRACTS;

/** A row that does not match its kind's contract: written by an older or broken version, never run or shown. */
export class JobRowInvalid extends Error {
  constructor(jobId: number, part: 'input' | 'result', error: z.ZodError) {
    super(`job ${jobId}: its stored ${part} does not match its kind: ${z.prettifyError(error)}`);
    this.name = 'JobRowInvalid';
  }
}

function parsed<T>(schema: z.ZodType<T>, jobId: number, part: 'input' | 'result', stored: unknown): T {
  const outcome = schema.safeParse(stored);
  if (!outcome.success) throw new JobRowInvalid(jobId, part, outcome.error);
  return outcome.data;
}

/** A job's stored input, checked against its kind's contract (JobRowInvalid if it fails). */
export function readJobInput<K extends JobKind>(job: { id: number; kind: K; input: unknown }): JobInput<K> {
  return parsed(contractsByKind[job.kind].input, job.id, 'input', job.input);
}

/** A job's stored result, checked against its kind's contract (JobRowInvalid if it fails). */
/** The choices of a job that names options (images); null for a video. */
export function choicesOf(input: unknown): JobChoices | null {
  const stored = z.object({ selection: storedSelection, colors: storedColors.optional() }).safeParse(input);
  return stored.success ? { selection: stored.data.selection, colors: stored.data.colors ?? {} } : null;
}

export function readJobResult<K extends JobKind>(job: { id: number; kind: K; result: unknown }): JobResult<K> {
  return parsed(contractsByKind[job.kind].result, job.id, 'result', job.result);
}
