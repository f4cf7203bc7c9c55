import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

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

/**
 * The real server, as `npm start` runs it (from source, or the built `entry`), resolved once it
 * logs that it listens (LOG_LEVEL=info at least); rejected if it exits first. Its log is read to
 * the end, so a talkative server never blocks on a full pipe.
 */
export async function startServerProcess(env: Record<string, string>, entry = serverEntry): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const listening = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.includes('Server listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited (code ${code}) before it listened`)));
  });
  await listening;
  return child;
}

/**
 * The real server on a free loopback port, logging at info (how startServerProcess knows it
 * listens), with `env` for the rest: its process, port and address.
 */
export async function startServerOnFreePort(
  env: Record<string, string>,
  entry = serverEntry,
): Promise<{ child: ChildProcess; port: number; base: string }> {
  const port = await freePort();
  const child = await startServerProcess(
    { PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    entry,
  );
  return { child, port, base: `http://127.0.0.1:${port}` };
}
