import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121233209 } from './Migration20261121233209';
import { Migration20261123204540 } from './Migration20261123204540';
import { Migration20261123205651 } from './Migration20261123205651';
import { Migration20261123233505 } from './Migration20261123233505';
import { Migration20261123234840 } from './Migration20261123234840';
import { Migration20261124000342 } from './Migration20261124000342';
import { Migration20261124000712 } from './Migration20261124000712';
import { Migration20261124030502 } from './Migration20261124030502';
import { Migration20261127082341 } from './Migration20261127082341';
import { Migration20261127090841 } from './Migration20261127090841';
import { Migration20261127092159 } from './Migration20261127092159';
import { Migration20261127122837 } from './Migration20261127122837';
import { Migration20261128010000 } from './Migration20261128010000';
import { Migration20261128105918 } from './Migration20261128105918';
import { Migration20261207160232 } from './Migration20261207160232';
import { Migration20261207161718 } from './Migration20261207161718';
import { Migration20261207170000 } from './Migration20261207170000';
import { Migration20261207190000 } from './Migration20261207190000';

/** Every sqlite migration in order; kept as a list so bundled builds need no file discovery. */
export const sqliteMigrations: MigrationObject[] = [
  { name: 'Migration20261121233209', class: Migration20261121233209 },
  { name: 'Migration20261123204540', class: Migration20261123204540 },
  { name: 'Migration20261123205651', class: Migration20261123205651 },
  { name: 'Migration20261123233505', class: Migration20261123233505 },
  { name: 'Migration20261123234840', class: Migration20261123234840 },
  { name: 'Migration20261124000342', class: Migration20261124000342 },
  { name: 'Migration20261124000712', class: Migration20261124000712 },
  { name: 'Migration20261124030502', class: Migration20261124030502 },
  { name: 'Migration20261127082341', class: Migration20261127082341 },
  { name: 'Migration20261127090841', class: Migration20261127090841 },
  { name: 'Migration20261127092159', class: Migration20261127092159 },
  { name: 'Migration20261127122837', class: Migration20261127122837 },
  { name: 'Migration20261128010000', class: Migration20261128010000 },
  { name: 'Migration20261128105918', class: Migration20261128105918 },
  { name: 'Migration20261207160232', class: Migration20261207160232 },
  { name: 'Migration20261207161718', class: Migration20261207161718 },
  { name: 'Migration20261207170000', class: Migration20261207170000 },
  { name: 'Migration20261207190000', class: Migration20261207190000 },
];
