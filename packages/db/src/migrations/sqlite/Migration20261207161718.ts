import { Migration } from '@mikro-orm/migrations';

export class Migration20261207161718 extends Migration {

  override name = 'Migration20261207161718';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`users\` add column \`terms_accepted_at\` datetime null;`);
    this.addSql(`alter table \`users\` add column \`terms_version\` text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`users\` drop column \`terms_accepted_at\`;`);
    this.addSql(`alter table \`users\` drop column \`terms_version\`;`);
  }

}
