import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The server's entry point, run from source as `npm start` would run it built. */
export const serverEntry = join(import.meta.dirname, '../../src/main.ts');

/** A TCP port nothing listens on right now, for a real server process. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}
