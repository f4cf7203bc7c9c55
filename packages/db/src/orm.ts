import { MikroORM, type EntityManager, type Options } from '@mikro-orm/core';
import { LibSqlDriver } from '@mikro-orm/libsql';
import { MariaDbDriver } from '@mikro-orm/mariadb';
import { Migrator } from '@mikro-orm/migrations';
import { MySqlDriver } from '@mikro-orm/mysql';
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
    return { ...common, driver: LibSqlDriver, dbName: url.replace(/^(file:|sqlite:)/, ''), ...overrides } as Options;
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

/** Opens the database and brings its schema up to date (or up to the migration named by `migrateTo`). */
export async function openDatabase(url: string, overrides: Partial<Options> = {}, migrateTo?: string): Promise<MikroORM> {
  const orm = await MikroORM.init(ormOptions(url, overrides));
  await orm.migrator.up(migrateTo ? { to: migrateTo } : undefined);
  return orm;
}

export type { EntityManager, MikroORM };
