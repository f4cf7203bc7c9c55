import { Migration } from '@mikro-orm/migrations';

/** What each generation job's predictions cost at the models' list prices, for the operator to judge the cloud. */
export class Migration20261207160232 extends Migration {

  override name = 'Migration20261207160232';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`generation_jobs\` add column \`cloud_spend_usd\` double not null default 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`generation_jobs\` drop column \`cloud_spend_usd\`;`);
  }

}
