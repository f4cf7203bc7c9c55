import { Migration } from '@mikro-orm/migrations';

/** What each generation is sold for, in credits: held when it is submitted, captured on success. Jobs before it cost 50. */
export class Migration20261207190000 extends Migration {

  override name = 'Migration20261207190000';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`generation_jobs\` add \`credits\` int not null default 50;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`generation_jobs\` drop column \`credits\`;`);
  }

}
