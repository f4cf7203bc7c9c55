import { GenerationJob, type JobKind, type MikroORM } from '@atelier/db';

/** The runs a typical duration is taken from: the latest ones, so it follows the engine's speed today. */
const SAMPLE_SIZE = 25;
/** Fewer runs than this say nothing worth showing. */
const MIN_SAMPLES = 3;
/** How long a typical duration is kept before it is looked up again. */
const TTL_MS = 60_000;

/**
 * How long a job of a kind takes on an engine on this service: the median run (started to
 * finished) of its latest successes, looked up once a minute at most. Null until enough ran.
 */
export class TypicalDurations {
  private readonly known = new Map<string, { at: number; seconds: Promise<number | null> }>();

  constructor(private readonly orm: MikroORM) {}

  seconds(kind: JobKind, engine: string): Promise<number | null> {
    const key = `${kind}\n${engine}`;
    const cached = this.known.get(key);
    if (cached && Date.now() - cached.at < TTL_MS) return cached.seconds;
    // A failed lookup costs the estimate, never the job it would be shown with.
    const seconds = this.lookUp(kind, engine).catch(() => null);
    this.known.set(key, { at: Date.now(), seconds });
    // Until enough have run, each new job looks again: the estimate appears with the third success.
    void seconds.then((found) => found === null && this.known.delete(key));
    return seconds;
  }

  private async lookUp(kind: JobKind, engine: string): Promise<number | null> {
    const runs = await this.orm.em
      .fork()
      .find(
        GenerationJob,
        { status: 'succeeded', kind, engine, startedAt: { $ne: null }, finishedAt: { $ne: null } },
        { fields: ['startedAt', 'finishedAt'], orderBy: { id: 'desc' }, limit: SAMPLE_SIZE, disableIdentityMap: true },
      );
    const seconds = runs
      .map((run) => (run.finishedAt!.getTime() - run.startedAt!.getTime()) / 1000)
      .sort((a, b) => a - b);
    if (seconds.length < MIN_SAMPLES) return null;
    const middle = Math.floor(seconds.length / 2);
    const median = seconds.length % 2 ? seconds[middle]! : (seconds[middle - 1]! + seconds[middle]!) / 2;
    return Math.max(1, Math.round(median));
  }
}
