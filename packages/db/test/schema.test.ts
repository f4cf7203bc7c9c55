import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseTargets } from '../src/testing';

describe.each(testDatabaseTargets())('migrations on $name', (target) => {
  it('build exactly the schema the entities describe', async () => {
    const db = await openTestDatabase(target);
    try {
      const pending = await db.orm.schema.getUpdateSchemaSQL({ wrap: false });
      expect(pending.trim()).toBe('');
    } finally {
      await db.close();
    }
  });
});
