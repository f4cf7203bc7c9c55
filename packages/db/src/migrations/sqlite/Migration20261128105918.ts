import { Migration } from '@mikro-orm/migrations';

/**
 * The before/after view finds its result by file name through an index, not a LIKE over every
 * transformation; deletions find theirs by key through one too. Existing results get their file name.
 */
export class Migration20261128105918 extends Migration {

  override name = 'Migration20261128105918';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`transformations\` add column \`result_file\` text null;`);
    this.addSql(`update \`transformations\` set \`result_file\` = replace(\`result_key\`, rtrim(\`result_key\`, replace(\`result_key\`, '/', '')), '') where \`result_key\` is not null;`);
    this.addSql(`create index \`transformations_result_key_index\` on \`transformations\` (\`result_key\`);`);
    this.addSql(`create index \`transformations_result_file_index\` on \`transformations\` (\`result_file\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index \`transformations_result_key_index\`;`);
    this.addSql(`drop index \`transformations_result_file_index\`;`);
    this.addSql(`alter table \`transformations\` drop column \`result_file\`;`);
    this.addSql(`update \`transformations\` set \`result_file\` = replace(\`result_key\`, rtrim(\`result_key\`, replace(\`result_key\`, '/', '')), '') where \`result_key\` is not null;`);
  }

}
