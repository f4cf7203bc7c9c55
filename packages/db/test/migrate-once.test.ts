import { MikroORM } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { mysqlMigrations } from '../src/migrations/mysql';
import { migrateDatabase, ormOptions } from '../src/orm';
import { createEmptyDatabase, testDatabaseTargets } from '../src/testing';

const servers = testDatabaseTargets().filter((target) => target.name === 'mysql');

describe.each(servers)('migrations started by several instances at once on $name', (target) => {
  it('run once, and every instance finds the schema up to date', async () => {
    const database = await createEmptyDatabase(target.url!);
    const admin = await MikroORM.init(ormOptions(database.url));
    try {
      const runs = await Promise.all([1, 2, 3].map(() => migrateDatabase(database.url)));
      // Each migration ran in exactly one of them; the others waited for the lock and found nothing to do.
      expect(runs.flat().sort()).toEqual(mysqlMigrations.map((migration) => migration.name).sort());
      expect(runs.filter((ran) => ran.length === 0)).toHaveLength(2);
      expect(await admin.migrator.getPending()).toEqual([]);
    } finally {
      await admin.close(true);
      await database.drop();
    }
  });
});
