import { Migration } from '@mikro-orm/migrations';

/** A downgrade waits for the renewal: the plan the subscription's schedule moves it to then. */
export class Migration20261128010000 extends Migration {

  override name = 'Migration20261128010000';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`subscriptions\` add column \`renewal_plan\` text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`subscriptions\` drop column \`renewal_plan\`;`);
  }

}
