import { useEffect, useRef, useState } from 'react';

/**
 * Option previews loading at once, at most. A browser opens six connections to a server, and a
 * preview the server draws on demand holds one for seconds: an upload or a generation must never
 * wait behind them (RUN once waited 25 s on « Envoi de la photo · 0 % » behind HD previews).
 */
const MAX_LOADING = 2;

let loading = 0;
const waiting: (() => void)[] = [];

/** Takes a slot now or when one frees; the function returned gives it back, or leaves the queue unserved. */
export function takePreviewSlot(onGranted: () => void): () => void {
  let state: 'waiting' | 'held' | 'done' = 'waiting';
  const grant = () => {
    state = 'held';
    loading += 1;
    onGranted();
  };
  if (loading < MAX_LOADING) grant();
  else waiting.push(grant);
  return () => {
    if (state === 'waiting') waiting.splice(waiting.indexOf(grant), 1);
    if (state === 'held') {
      loading -= 1;
      waiting.shift()?.();
    }
    state = 'done';
  };
}

/**
 * The address to give a preview's <img> once its turn has come (undefined until then), and what to
 * call once it has loaded or failed. A tile that leaves the screen before its turn never asks the
 * server for its preview.
 */
export function usePreviewSlot(url: string | undefined): { src: string | undefined; settled: () => void } {
  const [granted, setGranted] = useState<string>();
  const release = useRef(() => {});
  useEffect(() => {
    if (url === undefined) return undefined;
    release.current = takePreviewSlot(() => setGranted(url));
    return release.current;
  }, [url]);
  return { src: granted === url ? url : undefined, settled: () => release.current() };
}
