import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000711 extends Migration {

  override name = 'Migration20261124000711';

  override up(): void | Promise<void> {
    this.addSql(`create table \`password_reset_tokens\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`token_hash\` varchar(64) not null, \`expires_at\` datetime(3) not null, \`used_at\` datetime(3) null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`password_reset_tokens\` add index \`password_reset_tokens_user_id_index\` (\`user_id\`);`);
    this.addSql(`alter table \`password_reset_tokens\` add unique \`password_reset_tokens_token_hash_unique\` (\`token_hash\`);`);

    this.addSql(`alter table \`password_reset_tokens\` add constraint \`password_reset_tokens_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`password_reset_tokens\`;`);
  }

}
