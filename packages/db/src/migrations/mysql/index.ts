import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121233209 } from './Migration20261121233209';
import { Migration20261123204540 } from './Migration20261123204540';
import { Migration20261123205651 } from './Migration20261123205651';
import { Migration20261123233505 } from './Migration20261123233505';
import { Migration20261123234840 } from './Migration20261123234840';
import { Migration20261124000342 } from './Migration20261124000342';
import { Migration20261124000711 } from './Migration20261124000711';
import { Migration20261124030500 } from './Migration20261124030500';
import { Migration20261127082340 } from './Migration20261127082340';
import { Migration20261127090841 } from './Migration20261127090841';
import { Migration20261127092159 } from './Migration20261127092159';
import { Migration20261127122837 } from './Migration20261127122837';
import { Migration20261128010000 } from './Migration20261128010000';
import { Migration20261128105918 } from './Migration20261128105918';
import { Migration20261207160231 } from './Migration20261207160231';
import { Migration20261207161718 } from './Migration20261207161718';
import { Migration20261207170000 } from './Migration20261207170000';
import { Migration20261207190000 } from './Migration20261207190000';

/** Every mysql migration in order; kept as a list so bundled builds need no file discovery. */
export const mysqlMigrations: MigrationObject[] = [
  { name: 'Migration20261121233209', class: Migration20261121233209 },
  { name: 'Migration20261123204540', class: Migration20261123204540 },
  { name: 'Migration20261123205651', class: Migration20261123205651 },
  { name: 'Migration20261123233505', class: Migration20261123233505 },
  { name: 'Migration20261123234840', class: Migration20261123234840 },
  { name: 'Migration20261124000342', class: Migration20261124000342 },
  { name: 'Migration20261124000711', class: Migration20261124000711 },
  { name: 'Migration20261124030500', class: Migration20261124030500 },
  { name: 'Migration20261127082340', class: Migration20261127082340 },
  { name: 'Migration20261127090841', class: Migration20261127090841 },
  { name: 'Migration20261127092159', class: Migration20261127092159 },
  { name: 'Migration20261127122837', class: Migration20261127122837 },
  { name: 'Migration20261128010000', class: Migration20261128010000 },
  { name: 'Migration20261128105918', class: Migration20261128105918 },
  { name: 'Migration20261207160231', class: Migration20261207160231 },
  { name: 'Migration20261207161718', class: Migration20261207161718 },
  { name: 'Migration20261207170000', class: Migration20261207170000 },
  { name: 'Migration20261207190000', class: Migration20261207190000 },
];
