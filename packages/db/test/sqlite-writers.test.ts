import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { User } from '../src/entities';
import { openTestDatabase } from '../src/testing';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const WRITERS = 4;
const INSERTS_EACH = 50;

/** A writer process (support/sqlite-writer.ts), once it has opened the database. */
async function startWriter(url: string, tag: string): Promise<{ child: ChildProcess; stderr: () => string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'packages/db/test/support/sqlite-writer.ts'), url, tag, String(INSERTS_EACH)],
    {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [line] = (await Promise.race([
    once(child.stdout, 'data'),
    once(child, 'exit').then(() => [Buffer.from(stderr)]),
  ])) as [Buffer];
  if (line.toString().trim() !== 'ready') throw new Error(`The writer ${tag} did not start: ${line.toString()}`);
  return { child, stderr: () => stderr };
}

describe('SQLite written by several processes at once', () => {
  it('makes each writer wait for the others (busy timeout) rather than fail with SQLITE_BUSY', async () => {
    const db = await openTestDatabase({ name: 'sqlite' });
    try {
      const writers = await Promise.all(
        Array.from({ length: WRITERS }, (_, index) => startWriter(db.url, `writer${index}`)),
      );
      const exits = writers.map(({ child }) => once(child, 'exit') as Promise<[number | null]>);
      for (const { child } of writers) child.stdin!.write('go\n');
      const codes = (await Promise.all(exits)).map(([code]) => code);
      expect(codes, writers.map(({ stderr }) => stderr()).join('\n')).toEqual(Array<number>(WRITERS).fill(0));
      expect(await db.orm.em.fork().count(User, { lastName: { $like: 'writer%' } })).toBe(WRITERS * INSERTS_EACH);
    } finally {
      await db.close();
    }
  }, 120_000);
});
