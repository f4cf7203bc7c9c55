import { describe, expect, it } from 'vitest';
import { mysqlMigrations } from '../src/migrations/mysql';
import { sqliteMigrations } from '../src/migrations/sqlite';
import { openTestDatabase, testDatabaseTargets } from '../src/testing';

const RESULT_FILE = '5f0c7e52-8d1a-4c3b-9e2f-1a2b3c4d5e6f.jpg';
/** Rows that hang together through every foreign key: a user, an upload, a result of it, a like, a purchase and its ledger entry. */
const linkedRows = [
  `insert into users (id, email, password_hash, first_name, last_name, username, credits, created_at)
     values (1, 'ana@example.com', 'x', 'Ana', 'Lima', 'ana', 450, '2026-11-01 10:00:00')`,
  `insert into uploads (id, owner_id, storage_key, size, mime, width, height, created_at)
     values (7, 1, 'uploads/a.jpg', 1000, 'image/jpeg', 640, 480, '2026-11-01 10:01:00')`,
  `insert into transformations (id, owner_id, upload_id, kind, prompt, status, result_key, engine, created_at)
     values (3, 1, 7, 'studio', 'aquarelle', 'succeeded', 'results/2026/11/${RESULT_FILE}', 'local', '2026-11-01 10:02:00')`,
  `insert into gallery_items (id, owner_id, transformed_image_path, original_image_path, created_at)
     values (5, 1, '/api/media/r.jpg', '/api/media/a.jpg', '2026-11-01 10:03:00')`,
  `insert into likes (id, user_id, item_id, created_at) values (9, 1, 5, '2026-11-01 10:04:00')`,
  `insert into payments (id, user_id, intent_id, credits, amount_cents, currency, status, credited_at, created_at)
     values (4, 1, 'pi_123', 1000, 500, 'eur', 'succeeded', '2026-11-01 10:05:00', '2026-11-01 10:05:00')`,
  `insert into credit_entries (id, user_id, type, status, amount, balance_after, description, reason, external_ref, created_at, updated_at)
     values (2, 1, 'credit', 'settled', 1000, 1450, 'Achat de crédits', 'purchase', 'payment:pi_123', '2026-11-01 10:05:00', '2026-11-01 10:05:00')`,
];

describe.each(testDatabaseTargets())('upgrading the schema on $name', (target) => {
  it('keeps every row and every link made under the first migration', async () => {
    const db = await openTestDatabase(target, { migrateTo: 'Migration20261121233209' });
    try {
      const connection = db.orm.em.getConnection();
      for (const sql of linkedRows) await connection.execute(sql);

      await db.orm.migrator.up();

      const all = target.name === 'sqlite' ? sqliteMigrations : mysqlMigrations;
      expect((await db.orm.migrator.getPending()).length).toBe(0);
      expect((await db.orm.migrator.getExecuted()).length).toBe(all.length);
      const [row] = await connection.execute(
        `select t.upload_id as upload, l.item_id as liked, u.credits as credits
           from transformations t join likes l on l.user_id = t.owner_id join users u on u.id = t.owner_id`,
      );
      expect(row).toEqual({ upload: 7, liked: 5, credits: 450 });
      // A result made before its file name had a column of its own is still found by it.
      expect(await connection.execute('select result_file as file from transformations')).toEqual([
        { file: RESULT_FILE },
      ]);
      const [purchase] = await connection.execute(
        `select p.user_id as payer, p.amount_cents as cents, c.user_id as holder, c.amount as amount
           from payments p join credit_entries c on c.user_id = p.user_id`,
      );
      expect(purchase).toEqual({ payer: 1, cents: 500, holder: 1, amount: 1000 });

      // Deleting the account keeps the purchase and its ledger entry, without their link to it.
      await connection.execute('delete from users where id = 1');
      const kept = await connection.execute(
        'select user_id as user, amount from credit_entries union all select user_id, amount_cents from payments',
      );
      expect(kept).toEqual([
        { user: null, amount: 1000 },
        { user: null, amount: 500 },
      ]);
    } finally {
      await db.close();
    }
  });
});
