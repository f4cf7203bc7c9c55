import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import type { MediaDeps } from '@atelier/api';
import { DiskRenderStore, LocalDiskStorage, LocalImageEngine, LocalVideoEngine, RenderCache } from '@atelier/media';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../apps/server/src/app';

export interface Timing {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

export function percentiles(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1) };
}

export async function timeEach(runs: number, task: () => Promise<unknown>): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await task();
    samples.push(performance.now() - start);
  }
  return percentiles(samples);
}

/**
 * A bounded closed-loop load: `concurrency` callers each repeat `request` until `total` requests
 * have been sent. Returns requests per second and latency percentiles.
 */
export async function load(total: number, concurrency: number, request: () => Promise<unknown>) {
  let sent = 0;
  const samples: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < total) {
        sent += 1;
        const t0 = performance.now();
        await request();
        samples.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: total / seconds, ...percentiles(samples) };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Media on disk under `dir` (files and renders) and the local engines, as one machine has them. */
export function localMedia(dir: string): MediaDeps {
  return {
    storage: new LocalDiskStorage(join(dir, 'media')),
    renders: new RenderCache(new DiskRenderStore(join(dir, 'renders'))),
    images: new LocalImageEngine(),
    videos: new LocalVideoEngine(),
  };
}

/** Seals the benches' sessions, in this process and in the server processes a bench starts. */
export const BENCH_SESSION_SECRET = 'bench-secret-bench-secret-bench-secret';

/** The real app on a loopback port with a bench session secret and no sign-in limit (and a logger if given): it and its address. */
export async function listeningApp(
  options: Pick<AppOptions, 'orm' | 'media' | 'redis'> & Partial<Pick<AppOptions, 'logger'>>,
): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp({
    ...options,
    sessionSecret: BENCH_SESSION_SECRET,
    secureCookies: false,
    webDist: null,
    authAttemptsPerMinute: 1_000_000,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/** An account made through the API: its session cookie and id. */
export async function signUp(
  base: string,
  person: { email: string; firstName: string; lastName: string },
): Promise<{ cookie: string; userId: number }> {
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...person, password: 'motdepasse' }),
  });
  const cookie = registered.headers.get('set-cookie')?.split(';')[0] ?? '';
  return { cookie, userId: ((await registered.json()) as { user: { id: number } }).user.id };
}

/** The `n`th of a run of published posts, one a minute from `start`, for `owner`: a row to insert. */
export function publishedPost(n: number, owner: number, start: number) {
  const at = new Date(start + n * 60_000);
  const file = `${String(n).padStart(8, '0')}-0000-0000-0000-000000000000.jpg`;
  return {
    owner,
    mediaType: 'image',
    transformationType: 'style',
    transformationOption: 'Aquarelle',
    transformedImagePath: `/api/media/results/2026/11/${file}`,
    originalImagePath: `/api/media/uploads/2026/11/${file}`,
    description: 'Aquarelle',
    isPublic: true,
    publishedAt: at,
    likesCount: n % 7,
    createdAt: at,
  };
}
