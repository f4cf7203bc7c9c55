import { Migration } from '@mikro-orm/migrations';

export class Migration20261207161718 extends Migration {

  override name = 'Migration20261207161718';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`users\` add \`terms_accepted_at\` datetime(3) null, add \`terms_version\` varchar(32) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`users\` drop column \`terms_accepted_at\`, drop column \`terms_version\`;`);
  }

}
