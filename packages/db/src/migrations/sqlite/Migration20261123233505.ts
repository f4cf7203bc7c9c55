import { Migration } from '@mikro-orm/migrations';

export class Migration20261123233505 extends Migration {

  override name = 'Migration20261123233505';

  override up(): void | Promise<void> {
    this.addSql(`create table \`sessions\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`key_hash\` text not null, \`user_agent\` text null, \`created_at\` datetime not null, \`last_seen_at\` datetime not null, \`revoked_at\` datetime null, constraint \`sessions_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`sessions_user_id_index\` on \`sessions\` (\`user_id\`);`);
    this.addSql(`create unique index \`sessions_key_hash_unique\` on \`sessions\` (\`key_hash\`);`);

    this.addSql(`create table \`api_tokens\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`name\` text not null, \`token_hash\` text not null, \`prefix\` text not null, \`scope\` text not null, \`created_at\` datetime not null, \`last_used_at\` datetime null, \`revoked_at\` datetime null, constraint \`api_tokens_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`api_tokens_user_id_index\` on \`api_tokens\` (\`user_id\`);`);
    this.addSql(`create unique index \`api_tokens_token_hash_unique\` on \`api_tokens\` (\`token_hash\`);`);
    this.addSql(`create index \`api_tokens_user_id_created_at_index\` on \`api_tokens\` (\`user_id\`, \`created_at\`);`);

    this.addSql(`alter table \`users\` drop column \`session_version\`;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`sessions\`;`);
    this.addSql(`drop table if exists \`api_tokens\`;`);

    this.addSql(`alter table \`users\` add column \`session_version\` INTEGER not null default 0;`);
  }

}
