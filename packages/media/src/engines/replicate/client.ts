import { setTimeout as delay } from 'node:timers/promises';
import Replicate from 'replicate';

/** An answer of Replicate's API other than 2xx: its status, its `detail`, and how long it asked us to wait. */
export class ReplicateHttpError extends Error {
  override readonly name = 'ReplicateHttpError';

  constructor(
    readonly status: number,
    readonly detail: string,
    readonly retryAfterMs: number | null,
  ) {
    super(`Replicate answered ${status}: ${detail}`);
  }
}

export interface ReplicateClientOptions {
  token: string;
  /** REPLICATE_API_URL: Replicate's own API by default; a gateway, or a local stand-in in tests. */
  baseUrl?: string | undefined;
  fetch?: typeof fetch | undefined;
  /** Prediction creates per minute, at most, from this process (REPLICATE_CREATES_PER_MINUTE). */
  createsPerMinute?: number | undefined;
  /** How long, in all, one request may wait on 429s before its throttling is a failure. */
  maxThrottleWaitMs?: number | undefined;
  /** The budget's window: a minute (tests shorten it). */
  budgetWindowMs?: number | undefined;
}

/** Replicate's own API, where REPLICATE_API_URL points by default. */
export const REPLICATE_API_URL = 'https://api.replicate.com/v1';
/** Replicate's documented limit for creating predictions. */
export const DEFAULT_CREATES_PER_MINUTE = 600;
const DEFAULT_MAX_THROTTLE_WAIT_MS = 60_000;
const MINUTE_MS = 60_000;

/** `retry_after` (seconds) from a 429's JSON body, else its Retry-After header (seconds or an HTTP date). */
function retryAfterMs(response: Response, body: unknown): number | null {
  const fromBody = (body as { retry_after?: unknown } | null)?.retry_after;
  if (typeof fromBody === 'number' && Number.isFinite(fromBody)) return Math.max(0, fromBody * 1000);
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function detailOf(body: unknown, text: string): string {
  const detail = (body as { detail?: unknown } | null)?.detail;
  return (typeof detail === 'string' ? detail : text).slice(0, 500);
}

const isCreate = (method: string, url: URL) => method === 'POST' && /\/predictions$/.test(url.pathname);

/**
 * The official client with its transport replaced. Its own automatic retry fires a 429's retries
 * back to back (its wait is computed from an option it never sets) and retries network errors the
 * same way; here a 429 waits what Replicate says, within a bound, and prediction creates keep to a
 * per-minute budget, so a burst of jobs queues here instead of hammering the API. Every other
 * answer goes back to the caller at once: errors as ReplicateHttpError.
 */
export class ReplicateClient extends Replicate {
  private readonly send: typeof fetch;
  private readonly createsPerMinute: number;
  private readonly maxThrottleWaitMs: number;
  private readonly budgetWindowMs: number;
  /** When this process's recent creates were sent: the budget's sliding minute. */
  private readonly recentCreates: number[] = [];

  constructor(options: ReplicateClientOptions) {
    const send = options.fetch ?? globalThis.fetch;
    super({ auth: options.token, fetch: send, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) });
    this.send = send;
    this.createsPerMinute = options.createsPerMinute ?? DEFAULT_CREATES_PER_MINUTE;
    this.maxThrottleWaitMs = options.maxThrottleWaitMs ?? DEFAULT_MAX_THROTTLE_WAIT_MS;
    this.budgetWindowMs = options.budgetWindowMs ?? MINUTE_MS;
  }

  override async request(
    route: string | URL,
    options: { method?: string; headers?: object | Headers; params?: object; data?: object; signal?: AbortSignal },
  ): Promise<Response> {
    const base = this.baseUrl ?? REPLICATE_API_URL;
    const url =
      route instanceof URL ? route : new URL(route.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`);
    for (const [key, value] of Object.entries(options.params ?? {})) url.searchParams.append(key, String(value));
    const method = options.method ?? 'GET';
    // Needed where the DOM's Headers type applies (the web app type-checks this file through the API's types).
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    const headers = new Headers(options.headers as ConstructorParameters<typeof Headers>[0]);
    headers.set('authorization', `Bearer ${this.auth}`);
    headers.set('user-agent', this.userAgent ?? 'atelier');
    let body: RequestInit['body'];
    if (options.data instanceof FormData) {
      body = options.data;
      headers.delete('content-type'); // fetch writes the multipart boundary
    } else if (options.data) {
      body = JSON.stringify(options.data);
      headers.set('content-type', 'application/json');
    }

    const giveUpAt = Date.now() + this.maxThrottleWaitMs;
    for (;;) {
      if (isCreate(method, url)) await this.withinBudget(options.signal);
      const response = await this.send(url, { method, headers, body: body ?? null, signal: options.signal ?? null });
      if (response.ok) return response;
      const text = await response.text();
      const parsed = parseJson(text);
      const wait = response.status === 429 ? retryAfterMs(response, parsed) : null;
      if (wait !== null && Date.now() + wait <= giveUpAt) {
        await delay(Math.max(wait, 100), undefined, options.signal ? { signal: options.signal } : {});
        continue;
      }
      throw new ReplicateHttpError(response.status, detailOf(parsed, text), wait);
    }
  }

  /** Waits until one more create fits in the last minute's budget, then counts it. */
  private async withinBudget(signal: AbortSignal | undefined): Promise<void> {
    for (;;) {
      const now = Date.now();
      while (this.recentCreates.length > 0 && now - this.recentCreates[0]! >= this.budgetWindowMs)
        this.recentCreates.shift();
      if (this.recentCreates.length < this.createsPerMinute) {
        this.recentCreates.push(now);
        return;
      }
      await delay(this.recentCreates[0]! + this.budgetWindowMs - now, undefined, signal ? { signal } : {});
    }
  }
}
