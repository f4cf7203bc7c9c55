import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryDeadlockOnce } from './deadlocks';
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from './testing';

/** Resolves once `count` parties have arrived. */
function meeting(count: number) {
  let arrived = 0;
  let all = () => {};
  const met = new Promise<void>((resolve) => {
    all = resolve;
  });
  return {
    arrive: () => {
      arrived += 1;
      if (arrived === count) all();
      return met;
    },
  };
}

// SQLite takes one writer at a time: only a server database deadlocks.
describe.each(testDatabaseTargets().filter((target) => target.name !== 'sqlite'))('a deadlock on $name', (target) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(target);
    await db.orm.em.getConnection().execute('CREATE TABLE deadlock_probe (id INT PRIMARY KEY, n INT NOT NULL)');
    await db.orm.em.getConnection().execute('INSERT INTO deadlock_probe VALUES (1, 0), (2, 0)');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('is retried once and reported, so two transactions taking rows in opposite orders both apply', async () => {
    const warnings: { object: unknown; message: string }[] = [];
    const log = { warn: (object: unknown, message: string) => warnings.push({ object, message }) };
    const bothHoldOne = meeting(2);
    let attempts = 0;
    // Each takes its first row, waits until the other holds its own, then asks for the other's.
    const crossing = (first: number, second: number) => () => {
      attempts += 1;
      const retry = attempts > 2;
      return db.orm.em.fork().transactional(async (tx) => {
        const connection = tx.getConnection();
        await connection.execute(
          'UPDATE deadlock_probe SET n = n + 1 WHERE id = ?',
          [first],
          'run',
          tx.getTransactionContext(),
        );
        if (!retry) await bothHoldOne.arrive();
        await connection.execute(
          'UPDATE deadlock_probe SET n = n + 1 WHERE id = ?',
          [second],
          'run',
          tx.getTransactionContext(),
        );
      });
    };

    await Promise.all([
      retryDeadlockOnce(crossing(1, 2), log, { probe: 'one then two' }),
      retryDeadlockOnce(crossing(2, 1), log, { probe: 'two then one' }),
    ]);

    const rows = await db.orm.em
      .getConnection()
      .execute<{ id: number; n: number }[]>('SELECT id, n FROM deadlock_probe ORDER BY id');
    expect(rows.map((row: { n: number }) => Number(row.n))).toEqual([2, 2]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/^deadlock: transaction retried once/);
    expect(warnings[0]?.object).toMatchObject({ probe: expect.any(String) });
  });
});

// No database needed: runs on SQLite alone too, so the file is never empty (which vitest fails).
describe('a failure other than a deadlock', () => {
  it('is let through untried', async () => {
    let attempts = 0;
    const failing = async () => {
      attempts += 1;
      throw new Error('not a deadlock');
    };
    await expect(retryDeadlockOnce(failing, undefined, {})).rejects.toThrow('not a deadlock');
    expect(attempts).toBe(1);
  });
});
