import { Migration } from '@mikro-orm/migrations';

/** The cloud models that made a gallery picture, so the gallery can name them. */
export class Migration20261127090841 extends Migration {

  override name = 'Migration20261127090841';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`gallery_items\` add \`models\` json null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`gallery_items\` drop column \`models\`;`);
  }

}
