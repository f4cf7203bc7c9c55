import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from './common';
import { User } from './User';

export const JOB_KINDS = ['studio', 'workflow', 'node', 'video'] as const;
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * One generation (an image or a video), from the request to its result. The job holds its own
 * credits (ledger reference `job:{id}`): settled once its result is stored, released otherwise.
 */
export const GenerationJob = defineEntity({
  name: 'GenerationJob',
  tableName: 'generation_jobs',
  properties: {
    id: p.integer().primary().autoincrement(),
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    kind: p.string().length(16).$type<JobKind>(),
    /** What the engine is asked to do: kind-specific, validated before the job is made. */
    input: p.json<Record<string, unknown>>(),
    status: p.string().length(16).$type<JobStatus>(),
    /** 0 to 100, with the French label of the stage it is at. */
    progress: p.integer().default(0),
    stage: p.string().length(120),
    attempts: p.integer().default(0),
    /** Why it failed: the French message, and the error's code (VALIDATION, UPSTREAM…) for its status. */
    error: p.text().nullable(),
    errorCode: p.string().length(32).nullable(),
    /** What the client gets back once it succeeded (addresses of the stored files, ids). */
    result: p.json<Record<string, unknown>>().nullable(),
    /** Every render has its own seed: the same seed and settings make the same picture. */
    seed: p.integer(),
    /** What it is sold for, in credits, decided when it was submitted: held then, captured on success. */
    credits: p.integer().default(50),
    engine: p.string().length(32),
    /** The cloud engine's id for the work running now (a Replicate prediction), to cancel it from any process. */
    externalId: p.string().length(128).nullable(),
    /**
     * Every prediction the job started, in the order of its chain's steps: a job retried after a
     * crash reads these before it creates any, so a prediction is never paid for twice.
     */
    predictions: p.json<string[]>().nullable(),
    /** The list price (US dollars, the model registry's) of the predictions it started: what the cloud is likely to bill. */
    cloudSpendUsd: p.double().runtimeType('number').$type<number>().default(0),
    createdAt: createdAt(),
    startedAt: p.datetime(3).nullable(),
    finishedAt: p.datetime(3).nullable(),
    /** Touched while it runs: a running job not touched for a while belongs to a dead process. */
    heartbeatAt: p.datetime(3).nullable(),
  },
  indexes: [
    { properties: ['owner', 'createdAt'] },
    { properties: ['status', 'heartbeatAt'] },
    { properties: ['externalId'] },
  ],
});
export type GenerationJob = InferEntity<typeof GenerationJob>;
