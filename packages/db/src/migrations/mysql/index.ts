import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121233209 } from './Migration20261121233209';

/** Every mysql migration in order; kept as a list so bundled builds need no file discovery. */
export const mysqlMigrations: MigrationObject[] = [
  { name: 'Migration20261121233209', class: Migration20261121233209 },
];
