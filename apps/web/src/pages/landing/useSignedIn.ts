import { useEffect, useState } from 'react';

type Me = { result?: { data?: { json?: unknown } } };

let asked: Promise<boolean> | undefined;

/** One request for the parts of the page that ask together; a later visit asks again (a sign-in since). */
function askSignedIn(): Promise<boolean> {
  asked ??= fetch('/trpc/auth.me', { credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<Me>) : null))
    .then(
      (body) => Boolean(body?.result?.data?.json),
      () => false, // offline: stays a visitor
    )
    .finally(() => {
      asked = undefined;
    });
  return asked;
}

/**
 * Whether the visitor has a session. The landing page loads without the data clients, so it asks
 * `auth.me` with a plain request: the user, or null for a visitor (a 200 either way, so a visitor's
 * console shows no failed request). Until it knows, it counts as a visitor.
 */
export function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    let current = true;
    void askSignedIn().then((answer) => {
      if (current) setSignedIn(answer);
    });
    return () => {
      current = false;
    };
  }, []);
  return signedIn;
}
