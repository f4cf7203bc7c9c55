import { useEffect, useState } from 'react';

type Answer = { result?: { data?: { json?: unknown } } };

/**
 * A tRPC query's answer read with a plain request (the landing page loads without the data
 * clients): undefined until it arrives, and when it does not (offline, an error, the page left).
 */
export function useServerAnswer(procedure: string): unknown {
  const [answer, setAnswer] = useState<unknown>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/trpc/${procedure}`, { signal: controller.signal, credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<Answer>) : null))
      .then(
        (body) => setAnswer(body?.result?.data?.json),
        () => undefined,
      );
    return () => controller.abort();
  }, [procedure]);
  return answer;
}
