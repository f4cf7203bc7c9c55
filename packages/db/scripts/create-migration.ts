/**
 * Writes the next migration for both database families from the difference between the
 * entities and the schema the existing migrations build.
 *   npm run migration:create -w @atelier/db
 * MIGRATION_MYSQL_URL (default mariadb://root@127.0.0.1:3306/atelier_migrations) is a scratch
 * database that is dropped and rebuilt; use mysql:// against MySQL, mariadb:// against MariaDB.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MikroORM } from '@mikro-orm/core';
import { databaseKind, migrationsFolder, ormOptions } from '../src/orm';

const migrationsRoot = join(dirname(fileURLToPath(import.meta.url)), '../src/migrations');

function writeIndex(folder: string, exportName: string): void {
  const dir = join(migrationsRoot, folder);
  const names = readdirSync(dir)
    .filter((f) => /^Migration\d+.*\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  const lines = [
    "import type { MigrationObject } from '@mikro-orm/core';",
    ...names.map((n) => `import { ${n} } from './${n}';`),
    '',
    `/** Every ${folder} migration in order; kept as a list so bundled builds need no file discovery. */`,
    `export const ${exportName}: MigrationObject[] = [`,
    ...names.map((n) => `  { name: '${n}', class: ${n} },`),
    '];',
    '',
  ];
  writeFileSync(join(dir, 'index.ts'), lines.join('\n'));
}

async function createFor(url: string): Promise<void> {
  const kind = databaseKind(url);
  const folder = migrationsFolder(kind);
  const path = join(migrationsRoot, folder);
  const orm = await MikroORM.init(
    ormOptions(url, {
      migrations: { ...ormOptions(url).migrations, path, pathTs: path, snapshot: false, emit: 'ts' },
    }),
  );
  try {
    // A scratch database: start from nothing so the diff is against the migrations alone.
    await orm.schema.drop({ dropMigrationsTable: true });
    await orm.migrator.up();
    const result = await orm.migrator.create(path);
    if (!result.fileName) console.log(`${folder}: no changes`);
    else console.log(`${folder}: wrote ${result.fileName}`);
  } finally {
    await orm.close(true);
  }
  writeIndex(folder, folder === 'sqlite' ? 'sqliteMigrations' : 'mysqlMigrations');
}

const mysqlUrl = process.env.MIGRATION_MYSQL_URL ?? 'mariadb://root@127.0.0.1:3306/atelier_migrations';
const scratch = mkdtempSync(join(tmpdir(), 'atelier-migration-'));
try {
  await createFor(mysqlUrl);
  await createFor(join(scratch, 'scratch.sqlite'));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
