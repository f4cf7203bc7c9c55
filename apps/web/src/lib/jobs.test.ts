import { describe, expect, it } from 'vitest';
import { jobPace, type JobProgress } from './jobs';

const started = Date.parse('2026-11-27T10:00:00.000Z');
type StudioJob = Extract<JobProgress, { kind: 'studio' }>;
const job = (changes: Partial<StudioJob>): StudioJob => ({
  id: 1,
  userId: 1,
  kind: 'studio',
  status: 'running',
  progress: 20,
  stage: 'Transformation en cours',
  place: null,
  error: null,
  errorCode: null,
  result: null,
  choices: { selection: {}, colors: {} },
  seed: 1,
  engine: 'local',
  startedAt: new Date(started).toISOString(),
  typicalSeconds: 20,
  ...changes,
});
const at = (seconds: number) => started + seconds * 1000;

describe('jobPace', () => {
  it('moves the bar with the time a job of its kind typically takes while a stage lasts, and says what is left', () => {
    expect(jobPace(job({}), at(2))).toEqual({ progress: 20, remaining: 'Encore environ 18 s' });
    expect(jobPace(job({}), at(12))).toEqual({ progress: 48, remaining: 'Encore environ 8 s' });
    expect(jobPace(job({ typicalSeconds: 150 }), at(10))).toEqual({ progress: 20, remaining: 'Encore environ 2 min' });
  });

  it('slows down past the typical time without ever reaching the end on time alone, and says it takes longer', () => {
    const later = [20, 30, 60, 600].map((seconds) => jobPace(job({}), at(seconds)));
    expect(later.map(({ progress }) => progress)).toEqual([80, 86, 93, 95]);
    expect(later[1]!.remaining).toBe("Plus long que d'habitude, encore un peu de patience");
  });

  it("keeps the server's figure when it is ahead, or when nothing is known of the kind's pace", () => {
    expect(jobPace(job({ progress: 80 }), at(4)).progress).toBe(80);
    expect(jobPace(job({ typicalSeconds: null }), at(12))).toEqual({ progress: 20, remaining: null });
    expect(jobPace(job({ status: 'queued', startedAt: null }), at(12))).toEqual({ progress: 20, remaining: null });
  });
});
