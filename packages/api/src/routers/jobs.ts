import { JOB_STATUSES, type JobKind } from '@atelier/db';
import { z } from 'zod';
import { JOB_CONTRACTS, jobChoices } from '../jobs/contracts';
import { FINISHED_STATUSES, type JobSnapshot } from '../jobs/events';
import { receiveReplicateWebhook, replicateWebhookMessages } from '../jobs/replicate-webhook';
import { identityHolds } from '../security/identity';
import { LIVE_SESSION_TRUST_MS } from '../security/live-sessions';
import { recordId } from '../shared/input';
import { authedProcedure, publicProcedure, router } from '../trpc';

/** A generation of one kind, its result typed by its kind's contract. */
const snapshotOf = <K extends JobKind>(kind: K) =>
  z.object({
    id: z.number(),
    userId: z.number(),
    kind: z.literal(kind),
    status: z.enum(JOB_STATUSES),
    progress: z.number(),
    stage: z.string(),
    place: z.number().nullable(),
    error: z.string().nullable(),
    errorCode: z.string().nullable(),
    result: z.nullable<(typeof JOB_CONTRACTS)[K]['result']>(JOB_CONTRACTS[kind].result),
    choices: jobChoices.nullable().describe('Les options et couleurs demandées (une image) ; null pour une vidéo.'),
    seed: z.number(),
    engine: z.string(),
    startedAt: z.iso.datetime().nullable().describe('When it started running; null while it waits.'),
    typicalSeconds: z
      .number()
      .nullable()
      .describe('How long a generation of its kind typically runs on this engine, in seconds; null until known.'),
  });

export const jobSnapshotSchema = z.discriminatedUnion('kind', [
  snapshotOf('studio'),
  snapshotOf('workflow'),
  snapshotOf('node'),
  snapshotOf('video'),
]);

const byId = z.object({ id: recordId });

/** A signature header: absent or unreadable ones are refused as unsigned by the check itself. */
const webhookHeader = z.string().max(1024).optional().catch(undefined);

export const jobsRouter = router({
  /** A generation of the user's: status, progress and stage, place in the queue, result or error. */
  get: authedProcedure
    .input(byId)
    .output(jobSnapshotSchema)
    .query(({ ctx, input }) => ctx.jobs.get(ctx.em, ctx.user.id, input.id)),

  /** Cancels a queued or running generation: the credits it held come back. */
  cancel: authedProcedure
    .input(byId)
    .output(jobSnapshotSchema)
    .mutation(({ ctx, input }) => ctx.jobs.cancel(ctx.em, ctx.user.id, input.id)),

  /**
   * Replicate's webhooks about our predictions. The payload must be the raw bytes Replicate
   * signed, so only the REST webhook, which keeps them, can call this.
   */
  replicateWebhook: publicProcedure
    .input(
      z.object({
        payload: z.instanceof(Uint8Array, { error: replicateWebhookMessages.unsigned }),
        id: webhookHeader,
        timestamp: webhookHeader,
        signature: webhookHeader,
      }),
    )
    .output(z.object({ received: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const { payload, ...headers } = input;
      await receiveReplicateWebhook(ctx.media.replicateWebhooks, {
        ...headers,
        body: Buffer.from(payload).toString('utf8'),
      });
      return { received: true as const };
    }),

  /** Every change of a generation, from its state now until it ends (SSE). */
  events: authedProcedure.input(byId).subscription(async function* ({ ctx, input, signal }) {
    yield* follow(
      (listener) => ctx.jobs.events.subscribe(input.id, listener),
      async () => [await ctx.jobs.get(ctx.em, ctx.user.id, input.id)],
      (snapshot) => FINISHED_STATUSES.includes(snapshot.status),
      streamSignal(ctx.jobs.shutdown, signal),
      () => identityHolds(ctx, { credentials: ctx, identity: ctx.identity }),
    );
  }),

  /** The user's generations in progress now, then every change of any of them (SSE), for the pages showing progress. */
  active: authedProcedure.subscription(async function* ({ ctx, signal }) {
    yield* follow(
      (listener) => ctx.jobs.events.subscribeUser(ctx.user.id, listener),
      () => ctx.jobs.active(ctx.em, ctx.user.id),
      () => false,
      streamSignal(ctx.jobs.shutdown, signal),
      () => identityHolds(ctx, { credentials: ctx, identity: ctx.identity }),
    );
  }),
});

/** A stream ends when its client leaves or the server shuts down. */
const streamSignal = (shutdown: AbortSignal, request: AbortSignal | undefined) =>
  request ? AbortSignal.any([shutdown, request]) : shutdown;

/** How often a quiet stream checks that its caller is still signed in, so an ended session's stream closes. */
const IDENTITY_RECHECK_MS = LIVE_SESSION_TRUST_MS;

/**
 * The state `readNow` gives, then each snapshot `subscribe` reports, until one is `last`,
 * `signal` aborts or the caller is no longer who it was (`signedIn`: its session ended, its token
 * was revoked). It subscribes before reading, so no change falls in between.
 */
async function* follow(
  subscribe: (listener: (snapshot: JobSnapshot) => void) => () => void,
  readNow: () => Promise<JobSnapshot[]>,
  last: (snapshot: JobSnapshot) => boolean,
  signal: AbortSignal,
  signedIn: () => Promise<boolean>,
): AsyncGenerator<JobSnapshot> {
  const pending: JobSnapshot[] = [];
  let wake = () => {};
  const stop = subscribe((snapshot) => {
    pending.push(snapshot);
    wake();
  });
  const aborted = () => wake();
  signal.addEventListener('abort', aborted);
  const recheck = setInterval(() => wake(), IDENTITY_RECHECK_MS);
  try {
    pending.unshift(...(await readNow()));
    // Asked before every message: nothing reaches a caller whose session ended meanwhile.
    while (!signal.aborted && (await signedIn())) {
      const next = pending.shift();
      if (!next) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      yield next;
      if (last(next)) return;
    }
  } finally {
    clearInterval(recheck);
    stop();
    signal.removeEventListener('abort', aborted);
  }
}
