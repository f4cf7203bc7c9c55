import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from './testing';

describe('the databases the integration suites run on', () => {
  const mysql = 'mariadb://root@127.0.0.1:3306/atelier';

  it('are SQLite, and MySQL when MYSQL_URL is set', () => {
    expect(testDatabaseTargets({}).map((target) => target.name)).toEqual(['sqlite']);
    expect(testDatabaseTargets({ MYSQL_URL: mysql })).toEqual([{ name: 'sqlite' }, { name: 'mysql', url: mysql }]);
  });

  it('are only those TEST_DATABASES names, so a CI job can run one database apart', () => {
    expect(testDatabaseTargets({ MYSQL_URL: mysql, TEST_DATABASES: 'mysql' })).toEqual([{ name: 'mysql', url: mysql }]);
    expect(testDatabaseTargets({ MYSQL_URL: mysql, TEST_DATABASES: 'sqlite' })).toEqual([{ name: 'sqlite' }]);
    expect(testDatabaseTargets({ MYSQL_URL: mysql, TEST_DATABASES: 'sqlite, mysql' })).toHaveLength(2);
  });
});
