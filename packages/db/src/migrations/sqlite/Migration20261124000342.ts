import { Migration } from '@mikro-orm/migrations';

/** Gallery items name the engine that made them (local or replicate); older ones stay unknown. */
export class Migration20261124000342 extends Migration {

  override name = 'Migration20261124000342';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`gallery_items\` add column \`engine\` text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`gallery_items\` drop column \`engine\`;`);
  }

}
