import type { ClientOptions, TestApp, TestClient } from './harness';

/**
 * A new address at each call, 10.{subnet}.x.y: the per-address limits (sign-ups, sign-ins,
 * generations) one client runs into never reach the next, and a file's subnet of its own keeps
 * its addresses apart from another's.
 */
export function addressesIn(subnet: number): () => string {
  let count = 0;
  return () => {
    count += 1;
    return `10.${subnet}.${Math.floor(count / 250)}.${count % 250}`;
  };
}

/**
 * A new client of the app at each call, from an address of its own (`addressesIn`). The app is
 * asked for at the call, as suites start it in `beforeAll`.
 */
export function freshClients(app: () => TestApp, subnet: number): (options?: Omit<ClientOptions, 'ip'>) => TestClient {
  const nextAddress = addressesIn(subnet);
  return (options = {}) => app().client({ ...options, ip: nextAddress() });
}
