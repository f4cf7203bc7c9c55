import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000712 extends Migration {

  override name = 'Migration20261124000712';

  override up(): void | Promise<void> {
    this.addSql(`create table \`password_reset_tokens\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`token_hash\` text not null, \`expires_at\` datetime not null, \`used_at\` datetime null, \`created_at\` datetime not null, constraint \`password_reset_tokens_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`password_reset_tokens_user_id_index\` on \`password_reset_tokens\` (\`user_id\`);`);
    this.addSql(`create unique index \`password_reset_tokens_token_hash_unique\` on \`password_reset_tokens\` (\`token_hash\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`password_reset_tokens\`;`);
  }

}
