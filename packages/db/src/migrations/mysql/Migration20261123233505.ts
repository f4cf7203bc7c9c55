import { Migration } from '@mikro-orm/migrations';

export class Migration20261123233505 extends Migration {

  override name = 'Migration20261123233505';

  override up(): void | Promise<void> {
    this.addSql(`create table \`sessions\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`key_hash\` varchar(64) not null, \`user_agent\` varchar(512) null, \`created_at\` datetime(3) not null, \`last_seen_at\` datetime(3) not null, \`revoked_at\` datetime(3) null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`sessions\` add index \`sessions_user_id_index\` (\`user_id\`);`);
    this.addSql(`alter table \`sessions\` add unique \`sessions_key_hash_unique\` (\`key_hash\`);`);

    this.addSql(`create table \`api_tokens\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`name\` varchar(60) not null, \`token_hash\` varchar(64) not null, \`prefix\` varchar(16) not null, \`scope\` varchar(16) not null, \`created_at\` datetime(3) not null, \`last_used_at\` datetime(3) null, \`revoked_at\` datetime(3) null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`api_tokens\` add index \`api_tokens_user_id_index\` (\`user_id\`);`);
    this.addSql(`alter table \`api_tokens\` add unique \`api_tokens_token_hash_unique\` (\`token_hash\`);`);
    this.addSql(`alter table \`api_tokens\` add index \`api_tokens_user_id_created_at_index\` (\`user_id\`, \`created_at\`);`);

    this.addSql(`alter table \`users\` drop column \`session_version\`;`);

    this.addSql(`alter table \`sessions\` add constraint \`sessions_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade;`);

    this.addSql(`alter table \`api_tokens\` add constraint \`api_tokens_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`sessions\`;`);
    this.addSql(`drop table if exists \`api_tokens\`;`);

    this.addSql(`alter table \`users\` add \`session_version\` int not null default 0;`);
  }

}
