import { createHash } from 'node:crypto';
import { analyseSubject, type AnalysisWants, type SubjectAnalysis } from './analyse';
import type { ModelRuntime } from './runtime';

/** Analyses kept: a studio run renders one upload several times (seeds, options), a matte at 12 MP is 12 MB. */
const KEPT = 4;

/**
 * analyseSubject with a memory of the last few pictures, by content: the renders of one upload
 * (several seeds, then other options) pay for the models once.
 */
export class SubjectAnalyser {
  private readonly kept = new Map<string, Promise<SubjectAnalysis>>();

  constructor(private readonly runtime: ModelRuntime) {}

  analyse(image: Buffer, wants: AnalysisWants = {}, signal?: AbortSignal): Promise<SubjectAnalysis> {
    const key = `${createHash('sha256').update(image).digest('hex')}:${wants.matte === false ? 'points' : 'matte'}`;
    const known = this.kept.get(key);
    if (known) {
      // Most recently used last.
      this.kept.delete(key);
      this.kept.set(key, known);
      return known;
    }
    const analysis = analyseSubject(this.runtime, image, wants, signal);
    this.kept.set(key, analysis);
    // A failed or canceled analysis is not kept.
    analysis.catch(() => this.kept.delete(key));
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= KEPT) break;
      this.kept.delete(oldest);
    }
    return analysis;
  }
}
