import { Migration } from '@mikro-orm/migrations';

/** Each prediction a generation job started, in its chain's order: what a retried job reads before creating any. */
export class Migration20261127082340 extends Migration {

  override name = 'Migration20261127082340';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`generation_jobs\` add \`predictions\` json null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`generation_jobs\` drop column \`predictions\`;`);
  }

}
