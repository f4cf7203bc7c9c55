import { Migration } from '@mikro-orm/migrations';

/**
 * The ledger and the payments outlive a deleted account, anonymised: their user becomes nullable
 * and ON DELETE SET NULL. SQLite changes a foreign key only by rebuilding the table; no table
 * refers to these two, so dropping them fires no action on other rows.
 */
export class Migration20261124030502 extends Migration {
  override name = 'Migration20261124030502';

  override up(): void | Promise<void> {
    this.addSql(`create table \`payments__temp_alter\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer null, \`intent_id\` text not null, \`credits\` integer not null, \`amount_cents\` integer not null, \`currency\` text not null, \`status\` text not null, \`credited_at\` datetime null, \`created_at\` datetime not null, constraint \`payments_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete set null);`);
    this.addSql(`insert into \`payments__temp_alter\` select \`id\`, \`user_id\`, \`intent_id\`, \`credits\`, \`amount_cents\`, \`currency\`, \`status\`, \`credited_at\`, \`created_at\` from \`payments\`;`);
    this.addSql(`drop table \`payments\`;`);
    this.addSql(`alter table \`payments__temp_alter\` rename to \`payments\`;`);
    this.addSql(`create index \`payments_user_id_index\` on \`payments\` (\`user_id\`);`);
    this.addSql(`create unique index \`payments_intent_id_unique\` on \`payments\` (\`intent_id\`);`);

    this.addSql(`create table \`credit_entries__temp_alter\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer null, \`type\` text not null, \`status\` text not null, \`amount\` integer not null, \`balance_after\` integer not null, \`description\` text not null, \`reason\` text not null, \`external_ref\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`credit_entries_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete set null);`);
    this.addSql(`insert into \`credit_entries__temp_alter\` select \`id\`, \`user_id\`, \`type\`, \`status\`, \`amount\`, \`balance_after\`, \`description\`, \`reason\`, \`external_ref\`, \`created_at\`, \`updated_at\` from \`credit_entries\`;`);
    this.addSql(`drop table \`credit_entries\`;`);
    this.addSql(`alter table \`credit_entries__temp_alter\` rename to \`credit_entries\`;`);
    this.addSql(`create index \`credit_entries_user_id_index\` on \`credit_entries\` (\`user_id\`);`);
    this.addSql(`create unique index \`credit_entries_external_ref_unique\` on \`credit_entries\` (\`external_ref\`);`);
    this.addSql(`create index \`credit_entries_user_id_created_at_index\` on \`credit_entries\` (\`user_id\`, \`created_at\`);`);
    this.addSql(`create index \`credit_entries_status_created_at_index\` on \`credit_entries\` (\`status\`, \`created_at\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create table \`credit_entries__temp_alter\` (\`id\` integer not null primary key autoincrement, \`user_id\` INTEGER not null, \`type\` TEXT not null, \`status\` TEXT not null, \`amount\` INTEGER not null, \`balance_after\` INTEGER not null, \`description\` TEXT not null, \`reason\` TEXT not null, \`external_ref\` TEXT not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`credit_entries_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on update no action on delete cascade);`);
    this.addSql(`insert into \`credit_entries__temp_alter\` select \`id\`, \`user_id\`, \`type\`, \`status\`, \`amount\`, \`balance_after\`, \`description\`, \`reason\`, \`external_ref\`, \`created_at\`, \`updated_at\` from \`credit_entries\`;`);
    this.addSql(`drop table \`credit_entries\`;`);
    this.addSql(`alter table \`credit_entries__temp_alter\` rename to \`credit_entries\`;`);
    this.addSql(`create index \`credit_entries_status_created_at_index\` on \`credit_entries\` (\`status\`, \`created_at\`);`);
    this.addSql(`create index \`credit_entries_user_id_created_at_index\` on \`credit_entries\` (\`user_id\`, \`created_at\`);`);
    this.addSql(`create unique index \`credit_entries_external_ref_unique\` on \`credit_entries\` (\`external_ref\`);`);
    this.addSql(`create index \`credit_entries_user_id_index\` on \`credit_entries\` (\`user_id\`);`);

    this.addSql(`create table \`payments__temp_alter\` (\`id\` integer not null primary key autoincrement, \`user_id\` INTEGER not null, \`intent_id\` TEXT not null, \`credits\` INTEGER not null, \`amount_cents\` INTEGER not null, \`currency\` TEXT not null, \`status\` TEXT not null, \`credited_at\` datetime null, \`created_at\` datetime not null, constraint \`payments_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on update no action on delete cascade);`);
    this.addSql(`insert into \`payments__temp_alter\` select \`id\`, \`user_id\`, \`intent_id\`, \`credits\`, \`amount_cents\`, \`currency\`, \`status\`, \`credited_at\`, \`created_at\` from \`payments\`;`);
    this.addSql(`drop table \`payments\`;`);
    this.addSql(`alter table \`payments__temp_alter\` rename to \`payments\`;`);
    this.addSql(`create unique index \`payments_intent_id_unique\` on \`payments\` (\`intent_id\`);`);
    this.addSql(`create index \`payments_user_id_index\` on \`payments\` (\`user_id\`);`);
  }

}
