import { Migration } from '@mikro-orm/migrations';

/**
 * Moderation and the operator's console: reports on public posts, the decision and statement of
 * reasons on a hidden post, suspended accounts, and the audit log of what administrators did.
 */
export class Migration20261207170000 extends Migration {

  override name = 'Migration20261207170000';

  override up(): void | Promise<void> {
    this.addSql(`create table \`account_suspensions\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`statement\` text not null, \`created_at\` datetime not null, constraint \`account_suspensions_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`account_suspensions_user_id_index\` on \`account_suspensions\` (\`user_id\`);`);
    this.addSql(`create unique index \`account_suspensions_user_id_unique\` on \`account_suspensions\` (\`user_id\`);`);

    this.addSql(`create table \`post_reports\` (\`id\` integer not null primary key autoincrement, \`post_id\` integer not null, \`reporter_id\` integer null, \`reporter_key\` text not null, \`reason\` text not null, \`details\` text null, \`status\` text not null default 'open', \`created_at\` datetime not null, \`decided_at\` datetime null, constraint \`post_reports_post_id_foreign\` foreign key (\`post_id\`) references \`gallery_items\` (\`id\`) on delete cascade, constraint \`post_reports_reporter_id_foreign\` foreign key (\`reporter_id\`) references \`users\` (\`id\`) on delete set null);`);
    this.addSql(`create index \`post_reports_post_id_index\` on \`post_reports\` (\`post_id\`);`);
    this.addSql(`create index \`post_reports_reporter_id_index\` on \`post_reports\` (\`reporter_id\`);`);
    this.addSql(`create index \`post_reports_status_created_at_index\` on \`post_reports\` (\`status\`, \`created_at\`);`);
    this.addSql(`create unique index \`post_reports_post_id_reporter_key_unique\` on \`post_reports\` (\`post_id\`, \`reporter_key\`);`);

    this.addSql(`create table \`audit_log\` (\`id\` integer not null primary key autoincrement, \`actor_id\` integer null, \`actor_email\` text not null, \`action\` text not null, \`target_type\` text not null, \`target_id\` integer not null, \`reason\` text not null, \`details\` json null, \`created_at\` datetime not null, constraint \`audit_log_actor_id_foreign\` foreign key (\`actor_id\`) references \`users\` (\`id\`) on delete set null);`);
    this.addSql(`create index \`audit_log_actor_id_index\` on \`audit_log\` (\`actor_id\`);`);
    this.addSql(`create index \`audit_log_created_at_index\` on \`audit_log\` (\`created_at\`);`);
    this.addSql(`create index \`audit_log_target_type_target_id_index\` on \`audit_log\` (\`target_type\`, \`target_id\`);`);

    this.addSql(`alter table \`gallery_items\` add column \`hidden_by\` text null;`);
    this.addSql(`alter table \`gallery_items\` add column \`hidden_at\` datetime null;`);
    this.addSql(`alter table \`gallery_items\` add column \`moderation_statement\` text null;`);
    this.addSql(`alter table \`gallery_items\` add column \`review_requested_at\` datetime null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`account_suspensions\`;`);
    this.addSql(`drop table if exists \`post_reports\`;`);
    this.addSql(`drop table if exists \`audit_log\`;`);

    this.addSql(`alter table \`gallery_items\` drop column \`hidden_by\`;`);
    this.addSql(`alter table \`gallery_items\` drop column \`hidden_at\`;`);
    this.addSql(`alter table \`gallery_items\` drop column \`moderation_statement\`;`);
    this.addSql(`alter table \`gallery_items\` drop column \`review_requested_at\`;`);
  }

}
