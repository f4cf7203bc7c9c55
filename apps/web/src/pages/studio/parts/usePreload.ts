import { useEffect, useMemo, useState } from 'react';

/** A picture that never answers must not hold the studio back for ever. */
const DEFAULT_MAXIMUM_MS = 10_000;

export interface PreloadProgress {
  /** All pictures loaded or failed and the minimum time elapsed; stays true once reached. */
  ready: boolean;
  loaded: number;
  total: number;
  percent: number;
}

/**
 * Loads the pictures the interface opens with, counting each one loaded or failed, and keeps the
 * preload screen up for at least `minimumMs` so it does not flash. Blank addresses are dropped.
 */
export function usePreload(
  urls: readonly string[],
  minimumMs: number,
  maximumMs = DEFAULT_MAXIMUM_MS,
): PreloadProgress {
  // A key of the addresses themselves: callers may build a new array on every render.
  const key = [...new Set(urls.map((url) => url.trim()).filter(Boolean))].join('\n');
  const list = useMemo(() => (key ? key.split('\n') : []), [key]);
  const [progress, setProgress] = useState({ key, loaded: 0 });
  const [minimumElapsed, setMinimumElapsed] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const minimum = setTimeout(() => setMinimumElapsed(true), minimumMs);
    const maximum = setTimeout(() => setTimedOut(true), Math.max(minimumMs, maximumMs));
    return () => {
      clearTimeout(minimum);
      clearTimeout(maximum);
    };
  }, [minimumMs, maximumMs]);

  useEffect(() => {
    let loaded = 0;
    const images = list.map((url) => {
      const image = new Image();
      image.onload = image.onerror = () => {
        loaded += 1;
        setProgress({ key, loaded });
      };
      image.src = url;
      return image;
    });
    return () => {
      for (const image of images) image.onload = image.onerror = null;
    };
  }, [key, list]);

  const total = list.length;
  const loaded = progress.key === key ? Math.min(progress.loaded, total) : 0;
  if (!ready && minimumElapsed && (loaded === total || timedOut)) setReady(true);
  return { ready, loaded, total, percent: total === 0 ? 100 : Math.round((loaded / total) * 100) };
}
