import { MikroORM, type EntityManager, type Options } from '@mikro-orm/core';
import { LibSqlDriver } from '@mikro-orm/libsql';
import { MariaDbDriver } from '@mikro-orm/mariadb';
import { Migrator } from '@mikro-orm/migrations';
import { MySqlDriver } from '@mikro-orm/mysql';
import { boundDatabaseWaits, DATABASE_WAITS, type DatabaseWaits } from './database-waits';
import { entities } from './entities';
import { mysqlMigrations } from './migrations/mysql';
import { sqliteMigrations } from './migrations/sqlite';

export type DatabaseKind = 'mysql' | 'mariadb' | 'sqlite';

/**
 * The URL's scheme picks the driver. MariaDB needs its own driver: through the MySQL one it
 * returns JSON columns as strings and its schema diff never settles.
 */
export function databaseKind(url: string): DatabaseKind {
  if (url.startsWith('mysql://')) return 'mysql';
  if (url.startsWith('mariadb://')) return 'mariadb';
  return 'sqlite';
}

export function migrationsFolder(kind: DatabaseKind): string {
  return kind === 'sqlite' ? 'sqlite' : 'mysql';
}

/** How long a SQLite write waits for another process's write (`npm run migrate`, a second instance) to end. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** How long a new connection to MySQL/MariaDB may take before the query fails. */
export const DATABASE_CONNECT_TIMEOUT_MS = 3000;

export function ormOptions(url: string, overrides: Partial<Options> = {}): Options {
  const kind = databaseKind(url);
  const common: Partial<Options> = {
    entities,
    extensions: [Migrator],
    migrations: {
      migrationsList: kind === 'sqlite' ? sqliteMigrations : mysqlMigrations,
      // MySQL commits DDL implicitly, so only SQLite can wrap migrations in a transaction.
      transactional: kind === 'sqlite',
      allOrNothing: kind === 'sqlite',
      snapshot: false,
      emit: 'ts',
      silent: true,
    },
    // The API forks an EntityManager per procedure; a global one would leak state between users.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    debug: false,
  };
  if (kind === 'sqlite') {
    return {
      ...common,
      driver: LibSqlDriver,
      dbName: url.replace(/^(file:|sqlite:)/, ''),
      // libsql's `timeout` is SQLite's busy timeout: a write waits for another process's to end instead of failing SQLITE_BUSY.
      driverOptions: { timeout: SQLITE_BUSY_TIMEOUT_MS },
      ...overrides,
    } as Options;
  }
  const clientUrl = kind === 'mariadb' ? url.replace(/^mariadb:/, 'mysql:') : url;
  return {
    ...common,
    driver: kind === 'mariadb' ? MariaDbDriver : MySqlDriver,
    clientUrl,
    pool: { min: 0, max: 10 },
    // A database that does not answer fails a request in seconds (then 503), rather than holding it.
    driverOptions: { connectTimeout: DATABASE_CONNECT_TIMEOUT_MS },
    ...overrides,
  } as Options;
}

/** How long an instance waits for another one's migrations before giving up. */
const MIGRATION_LOCK_SECONDS = 600;
const MIGRATION_LOCK = "CONCAT('atelier-migrations:', DATABASE())";

async function runMigrations(orm: MikroORM, migrateTo: string | undefined): Promise<string[]> {
  return (await orm.migrator.up(migrateTo ? { to: migrateTo } : undefined)).map((migration) => migration.name);
}

/**
 * Brings the schema up to date (or up to the migration named by `migrateTo`), once however many
 * instances start together; the names of the migrations it ran. On MySQL and MariaDB they run on
 * one connection holding a server lock named after the database (`GET_LOCK`): the other instances
 * wait for it, then find nothing left to do. SQLite is one file for one process, and its
 * migrations run in a transaction.
 */
export async function migrateDatabase(
  url: string,
  overrides: Partial<Options> = {},
  migrateTo?: string,
): Promise<string[]> {
  if (databaseKind(url) === 'sqlite') {
    const orm = await MikroORM.init(ormOptions(url, overrides));
    return runMigrations(orm, migrateTo).finally(() => orm.close());
  }
  // One connection, so the lock and every migration statement share a session.
  const orm = await MikroORM.init(ormOptions(url, { ...overrides, pool: { min: 1, max: 1 } }));
  try {
    const connection = orm.em.getConnection();
    const [row] = (await connection.execute(`SELECT GET_LOCK(${MIGRATION_LOCK}, ?) AS locked`, [
      MIGRATION_LOCK_SECONDS,
    ])) as { locked: number | string | null }[];
    if (Number(row?.locked) !== 1)
      throw new Error(`The database migrations were still held by another instance after ${MIGRATION_LOCK_SECONDS} s`);
    try {
      return await runMigrations(orm, migrateTo);
    } finally {
      await connection.execute(`SELECT RELEASE_LOCK(${MIGRATION_LOCK})`);
    }
  } finally {
    await orm.close();
  }
}

export interface OpenOptions {
  /** Stops at this migration, to test an upgrade. */
  migrateTo?: string | undefined;
  /** MySQL/MariaDB: how long a request may wait on the database (not the migrations, which may take long). */
  waits?: DatabaseWaits | undefined;
}

/** Opens the database once its schema is up to date (see migrateDatabase). */
export async function openDatabase(
  url: string,
  overrides: Partial<Options> = {},
  { migrateTo, waits = DATABASE_WAITS }: OpenOptions = {},
): Promise<MikroORM> {
  if (databaseKind(url) === 'sqlite') {
    const orm = await MikroORM.init(ormOptions(url, overrides));
    await runMigrations(orm, migrateTo);
    return orm;
  }
  await migrateDatabase(url, overrides, migrateTo);
  const orm = await MikroORM.init(ormOptions(url, overrides));
  await boundDatabaseWaits(orm, waits);
  return orm;
}

export type { EntityManager, MikroORM };
