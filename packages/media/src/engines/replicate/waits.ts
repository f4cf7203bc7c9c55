import { setTimeout as delay } from 'node:timers/promises';

/** How the client waits before sending again: rejects when `signal` aborts (tests pass one that only moves a clock). */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = async (ms, signal) => {
  await delay(ms, undefined, signal ? { signal } : {});
};

/** Attempt n waits about firstMs × 2ⁿ, at most maxMs: a gateway's hiccup passes in a second, an outage is not hammered. */
const BACKOFF = { firstMs: 500, maxMs: 8_000 };

/**
 * The wait before attempt `attempt + 1`, jittered within its upper half so that the jobs one
 * outage failed together do not all come back in the same instant.
 */
export function backoffMs(attempt: number): number {
  const ceiling = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** attempt);
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}

/** A stated wait is stretched by up to this share: instances throttled together come back spread out. */
const STATED_WAIT_SPREAD = 0.1;

/** Replicate's 429 says its wait in words only: "Request was throttled. Your rate limit resets in ~30s." */
const WAIT_IN_WORDS = /\bin\s*~?\s*(\d+(?:\.\d+)?)\s*(seconds?|secs?|s|minutes?|mins?|m)\b/i;
const UNIT_MS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000 };

/** The wait a 429 asks for: its Retry-After header (seconds or an HTTP date) if a gateway added one, else its words. */
export function statedWaitMs(retryAfter: string | null, detail: string): number | null {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  const words = WAIT_IN_WORDS.exec(detail);
  if (!words) return null;
  return Number(words[1]) * UNIT_MS[words[2]!.charAt(0).toLowerCase()]!;
}

/** How long to wait after a 429: what it stated (spread a little), never less than the backoff; the backoff when it stated nothing. */
export function throttleWaitMs(stated: number | null, attempt: number): number {
  const backoff = backoffMs(attempt);
  return stated === null ? backoff : Math.max(stated * (1 + Math.random() * STATED_WAIT_SPREAD), backoff);
}
