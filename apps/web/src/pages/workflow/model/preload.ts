/** Image preloading: each address fetched once per 10 minutes, three at a time at most. */

export const PRELOAD_CACHE_MS = 10 * 60 * 1000;
export const MAX_CONCURRENT_PRELOADS = 3;

export interface PreloaderOptions {
  /** Loads one picture; resolves once the browser has it. */
  load: (url: string) => Promise<void>;
  now?: () => number;
  cacheMs?: number;
  maxConcurrent?: number;
}

export interface Preloader {
  preload: (url: string) => Promise<void>;
  /** Loads currently in flight. */
  active: () => number;
}

export function createPreloader({
  load,
  now = Date.now,
  cacheMs = PRELOAD_CACHE_MS,
  maxConcurrent = MAX_CONCURRENT_PRELOADS,
}: PreloaderOptions): Preloader {
  /** When each address was loaded, or the load under way. */
  const cache = new Map<string, { at: number; done: Promise<void> }>();
  const waiting: (() => void)[] = [];
  let running = 0;

  const next = () => {
    if (running >= maxConcurrent) return;
    const start = waiting.shift();
    if (start) start();
  };

  const queue = (url: string) =>
    new Promise<void>((resolve, reject) => {
      waiting.push(() => {
        running += 1;
        load(url)
          .then(resolve, reject)
          .finally(() => {
            running -= 1;
            next();
          });
      });
      next();
    });

  return {
    preload(url) {
      const cached = cache.get(url);
      if (cached && now() - cached.at < cacheMs) return cached.done;
      const done = queue(url);
      cache.set(url, { at: now(), done });
      // A failed load is not remembered: the next call tries again.
      done.catch(() => cache.delete(url));
      return done;
    },
    active: () => running,
  };
}

/** The browser's preloader: an off-screen <img> per address. */
export const imagePreloader = createPreloader({
  load: (url) =>
    new Promise<void>((resolve, reject) => {
      const image = new Image();
      image.onload = () => resolve();
      image.onerror = () => reject(new Error(`Image indisponible : ${url}`));
      image.src = url;
    }),
});
