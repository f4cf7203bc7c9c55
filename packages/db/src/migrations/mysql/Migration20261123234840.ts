import { Migration } from '@mikro-orm/migrations';

/** Whether a published item shows its original too: yes for everything published before the choice existed. */
export class Migration20261123234840 extends Migration {

  override name = 'Migration20261123234840';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`gallery_items\` add \`original_public\` tinyint(1) not null default true;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`gallery_items\` drop column \`original_public\`;`);
  }

}
