import Replicate from 'replicate';
import { LocalCreateBudget, type CreateBudget } from './budget';
import { backoffMs, realSleep, statedWaitMs, throttleWaitMs, type Sleep } from './waits';

/** An answer of Replicate's API other than 2xx: its status, its `detail`, and how long a 429 asked us to wait. */
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
  /** Prediction creates per minute, at most, from this process (REPLICATE_CREATES_PER_MINUTE), when no `createBudget` is given. */
  createsPerMinute?: number | undefined;
  /** The account's create budget, shared by every instance; this process's own window of `createsPerMinute` otherwise. */
  createBudget?: CreateBudget | undefined;
  /** How long, in all, one request may wait on 429s before its throttling is a failure. */
  maxThrottleWaitMs?: number | undefined;
  /** How the client waits between attempts and for the budget. */
  sleep?: Sleep | undefined;
}

/** What a call may ask of the transport, beside the official client's options. */
export interface RequestOptions {
  method?: string;
  headers?: object | Headers;
  params?: object;
  data?: object;
  /** The caller's stop (a job canceled): never retried past. */
  signal?: AbortSignal | undefined;
  /** No attempt runs and no wait lasts past this time (ms since the epoch): the step's own limit. */
  deadline?: number | undefined;
  /** An attempt of a request that changes nothing is cut off after this long, and sent again. */
  attemptTimeoutMs?: number | undefined;
}

/** Replicate's own API, where REPLICATE_API_URL points by default. */
export const REPLICATE_API_URL = 'https://api.replicate.com/v1';
/** Replicate's documented limit for creating predictions. */
export const DEFAULT_CREATES_PER_MINUTE = 600;
const DEFAULT_MAX_THROTTLE_WAIT_MS = 60_000;
const MINUTE_MS = 60_000;

/** Requests that change nothing on Replicate's side, so that sending one twice is harmless. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'DELETE']);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A non-2xx answer as an error: Replicate's `detail` (a gateway's page otherwise), and the wait a 429 stated. */
async function httpError(response: Response): Promise<ReplicateHttpError> {
  const text = await response.text();
  const detail = (parseJson(text) as { detail?: unknown } | null)?.detail;
  const words = (typeof detail === 'string' ? detail : text).slice(0, 500);
  const stated = response.status === 429 ? statedWaitMs(response.headers.get('retry-after'), words) : null;
  return new ReplicateHttpError(response.status, words, stated);
}

/** fetch's failures to get an answer at all (a reset, a refused connection, a body cut off) are TypeErrors; an attempt's own limit is a TimeoutError. */
const isNetworkFailure = (error: unknown) =>
  error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');

const isCreate = (method: string, url: URL) => method === 'POST' && /\/predictions$/.test(url.pathname);

/**
 * The official client with its transport replaced. Its own automatic retry fires a 429's retries
 * back to back (its wait is computed from an option it never sets) and retries network errors the
 * same way. Here a 429 waits what Replicate says (its words, or a Retry-After header) within a
 * bound; a request that changes nothing (a poll, a download, a file's deletion) is sent again
 * after a 5xx or a network failure, backing off until its deadline; and each prediction create
 * is counted once in the account's per-minute budget, so a burst of jobs queues here instead of
 * hammering the API. Every other answer goes back to the caller at once: errors as ReplicateHttpError.
 */
export class ReplicateClient extends Replicate {
  private readonly send: typeof fetch;
  private readonly createBudget: CreateBudget;
  private readonly maxThrottleWaitMs: number;
  private readonly sleep: Sleep;

  constructor(options: ReplicateClientOptions) {
    const send = options.fetch ?? globalThis.fetch;
    super({ auth: options.token, fetch: send, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) });
    this.send = send;
    this.sleep = options.sleep ?? realSleep;
    this.createBudget =
      options.createBudget ??
      new LocalCreateBudget(options.createsPerMinute ?? DEFAULT_CREATES_PER_MINUTE, MINUTE_MS, this.sleep);
    this.maxThrottleWaitMs = options.maxThrottleWaitMs ?? DEFAULT_MAX_THROTTLE_WAIT_MS;
  }

  override async request(route: string | URL, options: RequestOptions): Promise<Response> {
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
    let body: RequestInit['body'] = null;
    if (options.data instanceof FormData) {
      body = options.data;
      headers.delete('content-type'); // fetch writes the multipart boundary
    } else if (options.data) {
      body = JSON.stringify(options.data);
      headers.set('content-type', 'application/json');
    }
    // Counted once, however many times a 429 sends it again: a refused attempt made no prediction.
    if (isCreate(method, url)) await this.createBudget.take(options.signal);
    return this.exchange(url, { method, headers, body }, options, async (response) => response);
  }

  /** An output file, read whole by `read` within each attempt: its URL is signed, so no token goes with it. */
  download<T>(url: string, options: RequestOptions, read: (response: Response) => Promise<T>): Promise<T> {
    return this.exchange(new URL(url), { method: 'GET' }, options, read);
  }

  /** Sends the request, and again while that is safe and worth it, until `read` has its answer. */
  private async exchange<T>(
    url: URL,
    init: { method: string; headers?: Headers; body?: RequestInit['body'] },
    options: RequestOptions,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const idempotent = IDEMPOTENT_METHODS.has(init.method);
    const retryUntil = options.deadline ?? Date.now() + this.maxThrottleWaitMs;
    const throttledUntil = Math.min(retryUntil, Date.now() + this.maxThrottleWaitMs);
    for (let attempt = 0; ; attempt += 1) {
      let failure: unknown;
      let wait: number | null = null;
      try {
        const response = await this.send(url, { ...init, signal: this.attemptSignal(options, idempotent) });
        if (response.ok) return await read(response);
        const answer = await httpError(response);
        failure = answer;
        wait = this.retryWaitMs(answer, idempotent, attempt);
      } catch (error) {
        if (options.signal?.aborted || !idempotent || !isNetworkFailure(error)) throw error;
        failure = error;
        wait = backoffMs(attempt);
      }
      const until = failure instanceof ReplicateHttpError && failure.status === 429 ? throttledUntil : retryUntil;
      if (wait === null || Date.now() + wait > until) throw failure;
      await this.sleep(wait, options.signal);
    }
  }

  /** A 429 was not acted on, so any request waits and comes again; a 5xx only for one that changes nothing. */
  private retryWaitMs(failure: ReplicateHttpError, idempotent: boolean, attempt: number): number | null {
    if (failure.status === 429) return throttleWaitMs(failure.retryAfterMs, attempt);
    return idempotent && failure.status >= 500 ? backoffMs(attempt) : null;
  }

  /** The caller's signal, cut off at the deadline and, for a request that changes nothing, after its attempt's time. */
  private attemptSignal(options: RequestOptions, idempotent: boolean): AbortSignal | null {
    let limit = options.deadline === undefined ? Infinity : options.deadline - Date.now();
    if (idempotent && options.attemptTimeoutMs !== undefined) limit = Math.min(limit, options.attemptTimeoutMs);
    const signals = [
      ...(options.signal ? [options.signal] : []),
      ...(Number.isFinite(limit) ? [AbortSignal.timeout(Math.max(1, limit))] : []),
    ];
    return signals.length > 1 ? AbortSignal.any(signals) : (signals[0] ?? null);
  }
}
