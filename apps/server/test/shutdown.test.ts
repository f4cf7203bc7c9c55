import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { createEmptyDatabase } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedisKeys } from './support/redis';
import { DatabaseRelay } from './support/faults';
import { freePort, serverEntry, startServerProcess } from './support/server-process';

/** `said(text)` resolves once the server has printed a line containing `text` (before or after the call). */
function logWatcher(lines: Interface): (text: string) => Promise<void> {
  const printed: string[] = [];
  const waiting = new Set<{ text: string; resolve: () => void }>();
  lines.on('line', (line) => {
    printed.push(line);
    for (const waiter of waiting)
      if (line.includes(waiter.text)) {
        waiting.delete(waiter);
        waiter.resolve();
      }
  });
  return (text) =>
    printed.some((line) => line.includes(text))
      ? Promise.resolve()
      : new Promise((resolve) => waiting.add({ text, resolve }));
}

describe('a server told to stop (SIGTERM) with a keep-alive client', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'atelier-shutdown-'));
  });
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the request in flight with Connection: close and exits within 10 s of that answer', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    const said = logWatcher(createInterface({ input: child.stdout! }));
    await said('Server listening');

    // A keep-alive client whose request is still arriving when the signal comes.
    const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    const body = JSON.stringify({ email: 'personne@example.fr', password: 'motdepasse' });
    const pending = request({
      host: '127.0.0.1',
      port,
      path: '/api/login',
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = once(pending, 'response') as Promise<[IncomingMessage]>;
    pending.write(body.slice(0, 10));
    pending.flushHeaders();
    await said('incoming request');
    child.kill('SIGTERM');
    await said('SIGTERM: closing');
    pending.end(body.slice(10));

    const [response] = await answered;
    response.resume();
    const answeredAt = Date.now();
    expect(response.statusCode).toBe(401);
    expect(response.headers.connection).toBe('close');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    expect(Date.now() - answeredAt).toBeLessThan(10_000);
    agent.destroy();
  });
});

/** A worker writes the database beside the web servers: a MySQL-family server, and Redis. */
describe.each(
  process.env.MYSQL_URL && process.env.REDIS_URL
    ? [{ mysql: process.env.MYSQL_URL, redisUrl: process.env.REDIS_URL }]
    : [],
)('a worker told to stop after Redis died', ({ mysql, redisUrl }) => {
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> };
  let relay: DatabaseRelay;
  let child: ChildProcess | undefined;
  const prefix = `atelier-test-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'atelier-worker-shutdown-'));
    database = await createEmptyDatabase(mysql);
    const direct = new URL(redisUrl);
    relay = new DatabaseRelay({ host: direct.hostname, port: Number(direct.port || 6379) });
    await relay.open();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await deleteRedisKeys({ url: redisUrl, prefix });
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits within its grace period though the queue cannot close', async () => {
    const relayed = new URL(redisUrl);
    relayed.host = `127.0.0.1:${relay.port}`;
    const port = await freePort();
    child = await startServerProcess({
      ATELIER_ROLE: 'worker',
      WORKER_PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      REDIS_URL: relayed.toString(),
      REDIS_PREFIX: prefix,
      SHUTDOWN_GRACE_SECONDS: '2',
    });
    const exited = once(child, 'exit');
    await relay.cut();
    const signalled = Date.now();
    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    // The grace, then at most the hand-back's 5 s and Redis's 1 s to give up on the connections.
    expect(Date.now() - signalled).toBeLessThan(2_000 + 5_000 + 1_000 + 2_000);
  }, 60_000);
});
