import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openTestDatabase, type TestDatabase } from '@atelier/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password';
import { passwordResetMessages, resetPassword } from '../src/auth/password-reset';
import { LiveSessions, LocalSessionEndings } from '../src/security/live-sessions';

describe('password hashing', () => {
  it("leaves libuv's threads to file reads: reads end while sign-ins are still hashing", async () => {
    let hashed = 0;
    // More hashes than libuv's pool has threads (4), each far longer than a read (16 MiB).
    const hashes = Array.from({ length: 6 }, () =>
      hashPassword('un-mot-de-passe', { N: 2 ** 14, r: 8, p: 1 }).then(() => {
        hashed += 1;
      }),
    );
    // Each read takes libuv's pool several times (open, stat, read, close). Were the hashes on
    // that pool, the reads would queue behind them and end after most of them.
    await Promise.all(Array.from({ length: 8 }, () => readFile(fileURLToPath(import.meta.url))));
    expect(hashed).toBe(0);
    await Promise.all(hashes);
    expect(hashed).toBe(6);
  });
});

describe('a password reset', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase({ name: 'sqlite' });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('refuses a made-up link before hashing anything: anyone may send one', async () => {
    // N must be a power of two: a hash with these settings would fail, a lookup alone answers.
    const unhashable = { N: 3, r: 8, p: 1 };
    const live = new LiveSessions(db.orm, new LocalSessionEndings());
    await expect(
      resetPassword(
        { em: db.orm.em.fork(), liveSessions: live, config: { passwordHash: unhashable } },
        { token: 'un-lien-invente', password: 'nouveau-secret' },
      ),
    ).rejects.toMatchObject({ appCode: 'VALIDATION', message: passwordResetMessages.invalidLink });
  });
});
