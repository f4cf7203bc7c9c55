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
  const url = uniqueDatabaseUrl(target.url!);
  const template = process.env[SCHEMA_TEMPLATE];
  if (template && !migrateTo) await copySchema(template, url);
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
  const url = uniqueDatabaseUrl(serverUrl);
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

/** A database of its own beside the one `serverUrl` names, whose name it takes as a prefix. */
function uniqueDatabaseUrl(serverUrl: string): string {
  const base = new URL(serverUrl);
  base.pathname = `/${base.pathname.slice(1) || 'atelier'}_${randomBytes(4).toString('hex')}`;
  return base.toString();
}

/**
 * The environment variable naming a migrated MySQL database that the test databases copy: the
 * migrations' hundred ALTERs take seconds on InnoDB, a copy of the finished tables a fraction.
 */
const SCHEMA_TEMPLATE = 'ATELIER_TEST_SCHEMA_TEMPLATE';

/**
 * Migrates a database that every MySQL test database of this run then copies (vitest's global
 * setup calls it once); `drop` removes it. Without MYSQL_URL there is nothing to prepare.
 */
export async function prepareSchemaTemplate(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ drop(): Promise<void> } | null> {
  const server = testDatabaseTargets(env).find((target) => target.name === 'mysql');
  if (!server) return null;
  const url = uniqueDatabaseUrl(server.url!);
  const orm = await openDatabase(url, { ensureDatabase: true });
  env[SCHEMA_TEMPLATE] = orm.config.get('dbName');
  return {
    async drop() {
      delete env[SCHEMA_TEMPLATE];
      await orm.schema.dropDatabase();
      await orm.close(true);
    },
  };
}

/**
 * Creates the database of `url` with the tables of `template` as the migrations left them (keys,
 * indexes, foreign keys, checks) and their rows (the migrations' own record among them).
 */
async function copySchema(template: string, url: string): Promise<void> {
  const orm = await MikroORM.init(ormOptions(url, { pool: { min: 1, max: 1 } }));
  try {
    await orm.schema.ensureDatabase();
    const connection = orm.em.getConnection();
    // The tables come in any order: a foreign key may name one not created yet.
    await connection.execute('SET FOREIGN_KEY_CHECKS = 0');
    const tables = (await connection.execute(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
      [template],
    )) as { name: string }[];
    for (const { name } of tables) {
      const [definition] = (await connection.execute(`SHOW CREATE TABLE \`${template}\`.\`${name}\``)) as {
        'Create Table': string;
      }[];
      await connection.execute(definition!['Create Table']);
      await connection.execute(`INSERT INTO \`${name}\` SELECT * FROM \`${template}\`.\`${name}\``);
    }
  } finally {
    await orm.close(true);
  }
}
