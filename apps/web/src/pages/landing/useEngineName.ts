import { useEffect, useState } from 'react';

type EngineName = 'local' | 'replicate';

/**
 * The image engine the service runs, read once from `media.engine` with a plain request (the
 * landing page loads without the data clients); the local engine, the default, until it is known.
 */
export function useEngineName(): EngineName {
  const [engine, setEngine] = useState<EngineName>('local');
  useEffect(() => {
    const controller = new AbortController();
    fetch('/trpc/media.engine', { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then(
        (body: { result?: { data?: { json?: { engine?: string } } } } | null) => {
          if (body?.result?.data?.json?.engine === 'replicate') setEngine('replicate');
        },
        () => undefined, // offline or left the page: the default's copy stays
      );
    return () => controller.abort();
  }, []);
  return engine;
}
