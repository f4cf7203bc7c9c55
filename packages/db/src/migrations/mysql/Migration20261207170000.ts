import { Migration } from '@mikro-orm/migrations';

/**
 * Moderation and the operator's console: reports on public posts, the decision and statement of
 * reasons on a hidden post, suspended accounts, and the audit log of what administrators did.
 */
export class Migration20261207170000 extends Migration {

  override name = 'Migration20261207170000';

  override up(): void | Promise<void> {
    this.addSql(`create table \`account_suspensions\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`statement\` text not null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`account_suspensions\` add index \`account_suspensions_user_id_index\` (\`user_id\`);`);
    this.addSql(`alter table \`account_suspensions\` add unique \`account_suspensions_user_id_unique\` (\`user_id\`);`);

    this.addSql(`create table \`post_reports\` (\`id\` int unsigned not null auto_increment primary key, \`post_id\` int unsigned not null, \`reporter_id\` int unsigned null, \`reporter_key\` varchar(80) not null, \`reason\` varchar(16) not null, \`details\` text null, \`status\` varchar(16) not null default 'open', \`created_at\` datetime(3) not null, \`decided_at\` datetime(3) null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`post_reports\` add index \`post_reports_post_id_index\` (\`post_id\`);`);
    this.addSql(`alter table \`post_reports\` add index \`post_reports_reporter_id_index\` (\`reporter_id\`);`);
    this.addSql(`alter table \`post_reports\` add index \`post_reports_status_created_at_index\` (\`status\`, \`created_at\`);`);
    this.addSql(`alter table \`post_reports\` add unique \`post_reports_post_id_reporter_key_unique\` (\`post_id\`, \`reporter_key\`);`);

    this.addSql(`create table \`audit_log\` (\`id\` int unsigned not null auto_increment primary key, \`actor_id\` int unsigned null, \`actor_email\` varchar(254) not null, \`action\` varchar(32) not null, \`target_type\` varchar(16) not null, \`target_id\` int not null, \`reason\` text not null, \`details\` json null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`audit_log\` add index \`audit_log_actor_id_index\` (\`actor_id\`);`);
    this.addSql(`alter table \`audit_log\` add index \`audit_log_created_at_index\` (\`created_at\`);`);
    this.addSql(`alter table \`audit_log\` add index \`audit_log_target_type_target_id_index\` (\`target_type\`, \`target_id\`);`);

    this.addSql(`alter table \`gallery_items\` add \`hidden_by\` varchar(16) null, add \`hidden_at\` datetime(3) null, add \`moderation_statement\` text null, add \`review_requested_at\` datetime(3) null;`);

    this.addSql(`alter table \`account_suspensions\` add constraint \`account_suspensions_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade;`);

    this.addSql(`alter table \`post_reports\` add constraint \`post_reports_post_id_foreign\` foreign key (\`post_id\`) references \`gallery_items\` (\`id\`) on delete cascade;`);
    this.addSql(`alter table \`post_reports\` add constraint \`post_reports_reporter_id_foreign\` foreign key (\`reporter_id\`) references \`users\` (\`id\`) on delete set null;`);

    this.addSql(`alter table \`audit_log\` add constraint \`audit_log_actor_id_foreign\` foreign key (\`actor_id\`) references \`users\` (\`id\`) on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`account_suspensions\`;`);
    this.addSql(`drop table if exists \`post_reports\`;`);
    this.addSql(`drop table if exists \`audit_log\`;`);

    this.addSql(`alter table \`gallery_items\` drop column \`hidden_by\`, drop column \`hidden_at\`, drop column \`moderation_statement\`, drop column \`review_requested_at\`;`);
  }

}
