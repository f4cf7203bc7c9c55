import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ScryptOptions } from 'node:crypto';

/**
 * What each thread runs: scrypt, synchronously, one request after another. Inline, so the server's
 * bundle needs no file beside it.
 */
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ id, key: scryptSync(password, salt, keyLength, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message) });
  }
});
`;

/**
 * Two at most: each scrypt holds 64 MiB, and sign-ins wait their turn rather than take every core
 * from the requests beside them.
 */
const THREADS = Math.min(2, availableParallelism());

interface HashThread {
  worker: Worker;
  pending: Map<number, { resolve: (key: Buffer) => void; reject: (error: Error) => void }>;
}

const threads: HashThread[] = [];
let nextId = 0;

function startThread(): HashThread {
  const thread: HashThread = { worker: new Worker(THREAD_SOURCE, { eval: true }), pending: new Map() };
  thread.worker.unref();
  thread.worker.on('message', ({ id, key, error }: { id: number; key?: Uint8Array; error?: string }) => {
    const waiting = thread.pending.get(id);
    thread.pending.delete(id);
    if (thread.pending.size === 0) thread.worker.unref();
    if (key) waiting?.resolve(Buffer.from(key));
    else waiting?.reject(new Error(error));
  });
  // A thread that died takes its requests with it; the next hash starts another.
  thread.worker.on('error', (error: Error) => {
    threads.splice(threads.indexOf(thread), 1);
    for (const waiting of thread.pending.values()) waiting.reject(error);
  });
  threads.push(thread);
  return thread;
}

/**
 * scrypt on threads of its own. Node's asynchronous scrypt runs on libuv's pool, four threads that
 * file reads and DNS share: a dozen sign-ins at once left media requests waiting seconds behind them.
 */
export function scryptOnThreads(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  const idle = threads.find((thread) => thread.pending.size === 0);
  const thread =
    idle ??
    (threads.length < THREADS
      ? startThread()
      : threads.reduce((least, other) => (other.pending.size < least.pending.size ? other : least)));
  const id = (nextId += 1);
  return new Promise((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    // Kept alive while it owes an answer, so a short script that hashes waits for it.
    thread.worker.ref();
    thread.worker.postMessage({ id, password, salt, keyLength, options });
  });
}
