import { useEffect, useState } from 'react';

/**
 * Whether the visitor has a session. The landing page loads without the data clients, so it asks
 * the REST path once (200 with the user, 401 without); until it knows, it counts as a visitor.
 */
export function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/user', { credentials: 'same-origin', signal: controller.signal }).then(
      (response) => setSignedIn(response.ok),
      () => undefined, // offline or left the page: stays a visitor
    );
    return () => controller.abort();
  }, []);
  return signedIn;
}
