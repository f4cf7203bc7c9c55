import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import { openDatabase, ormOptions } from './orm';

export interface TestDatabaseTarget {
  name: 'sqlite' | 'mysql';
  /** For MySQL, the server URL whose database name is used as a prefix. */
  url?: string;
}

/**
 * SQLite, and MySQL (or MariaDB) too when MYSQL_URL names a server. TEST_DATABASES (`sqlite`,
 * `mysql`, or both comma-separated) keeps only those, so a CI job can run each database apart.
 */
export function testDatabaseTargets(env: NodeJS.ProcessEnv = process.env): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [{ name: 'sqlite' }];
  if (env.MYSQL_URL) targets.push({ name: 'mysql', url: env.MYSQL_URL });
  const chosen = env.TEST_DATABASES?.split(',').map((name) => name.trim());
  return chosen ? targets.filter((target) => chosen.includes(target.name)) : targets;
}

export interface TestDatabase {
  orm: MikroORM;
  url: string;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database of its own for one test file, removed on close. `migrateTo` stops at
 * an older migration, to test an upgrade.
 */
export async function openTestDatabase(
  target: TestDatabaseTarget,
  { migrateTo }: { migrateTo?: string } = {},
): Promise<TestDatabase> {
  if (target.name === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-test-'));
    const url = join(dir, 'test.sqlite');
    const orm = await openDatabase(url, {}, { migrateTo });
    return {
      orm,
      url,
      async close() {
        await orm.close(true);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = new URL(target.url!);
  base.pathname = `/${base.pathname.slice(1) || 'atelier'}_${randomBytes(4).toString('hex')}`;
  const url = base.toString();
  const orm = await openDatabase(url, { ensureDatabase: true }, { migrateTo });
  return {
    orm,
    url,
    async close() {
      await orm.schema.dropDatabase();
      await orm.close(true);
    },
  };
}

/**
 * An empty database of its own on a MySQL-family server (no table: nothing migrated), as a MySQL
 * service or a DBA makes one before the app's first start; `drop` removes it.
 */
export async function createEmptyDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(serverUrl);
  base.pathname = `/${base.pathname.slice(1) || 'atelier'}_${randomBytes(4).toString('hex')}`;
  const url = base.toString();
  const admin = await MikroORM.init(ormOptions(url));
  await admin.schema.ensureDatabase();
  return {
    url,
    async drop() {
      await admin.schema.dropDatabase();
      await admin.close(true);
    },
  };
}
