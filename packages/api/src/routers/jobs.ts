import { JOB_STATUSES } from '@atelier/db';
import { z } from 'zod';
import { FINISHED_STATUSES, type JobSnapshot } from '../jobs/events';
import { recordId } from '../shared/input';
import { authedProcedure, router } from '../trpc';

export const jobSnapshotSchema = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number(),
  stage: z.string(),
  place: z.number().nullable(),
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  seed: z.number(),
  engine: z.string(),
});

const byId = z.object({ id: recordId });

export const jobsRouter = router({
  /** A generation of the user's: status, progress and stage, place in the queue, result or error. */
  get: authedProcedure
    .input(byId)
    .output(jobSnapshotSchema)
    .query(({ ctx, input }) => ctx.jobs.get(ctx.em, ctx.user.id, input.id)),

  /** Cancels a queued or running generation: its 50 credits come back. */
  cancel: authedProcedure
    .input(byId)
    .output(jobSnapshotSchema)
    .mutation(({ ctx, input }) => ctx.jobs.cancel(ctx.em, ctx.user.id, input.id)),

  /** Every change of a generation, from its state now until it ends (SSE). */
  events: authedProcedure.input(byId).subscription(async function* ({ ctx, input, signal }): AsyncGenerator<JobSnapshot> {
    const pending: JobSnapshot[] = [];
    let wake = () => {};
    const stop = ctx.jobs.events.subscribe(input.id, (snapshot) => {
      pending.push(snapshot);
      wake();
    });
    try {
      let last = await ctx.jobs.get(ctx.em, ctx.user.id, input.id);
      yield last;
      while (!FINISHED_STATUSES.includes(last.status) && !signal?.aborted) {
        if (pending.length === 0) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            signal?.addEventListener('abort', () => resolve(), { once: true });
          });
        }
        const next = pending.shift();
        if (!next) continue;
        last = next;
        yield last;
      }
    } finally {
      stop();
    }
  }),
});
