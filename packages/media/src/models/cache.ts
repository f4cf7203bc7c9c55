import { createHash } from 'node:crypto';
import { analyseSubject, type AnalysisWants, type SubjectAnalysis } from './analyse';
import type { ModelRuntime } from './runtime';

/** Analyses kept: a studio run renders one upload several times (seeds, options), a matte at 12 MP is 12 MB. */
const KEPT = 4;

/** A key for bytes by their content. */
export function contentKey(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The last few results of a costly work, by a key of its input, the most recently used kept. */
export class RecentResults<T> {
  private readonly kept = new Map<string, Promise<T>>();

  constructor(private readonly size: number) {}

  get(key: string, make: () => Promise<T>): Promise<T> {
    const known = this.kept.get(key);
    if (known) {
      // Most recently used last.
      this.kept.delete(key);
      this.kept.set(key, known);
      return known;
    }
    const result = make();
    this.kept.set(key, result);
    // A failed or canceled work is not kept.
    result.catch(() => this.kept.delete(key));
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.size) break;
      this.kept.delete(oldest);
    }
    return result;
  }
}

/**
 * analyseSubject with a memory of the last few pictures, by content: the renders of one upload
 * (several seeds, then other options) pay for the models once.
 */
export class SubjectAnalyser {
  private readonly kept = new RecentResults<SubjectAnalysis>(KEPT);

  constructor(private readonly runtime: ModelRuntime) {}

  analyse(image: Buffer, wants: AnalysisWants = {}, signal?: AbortSignal): Promise<SubjectAnalysis> {
    const key = `${contentKey(image)}:${wants.matte === false ? 'points' : 'matte'}`;
    return this.kept.get(key, () => analyseSubject(this.runtime, image, wants, signal));
  }
}
