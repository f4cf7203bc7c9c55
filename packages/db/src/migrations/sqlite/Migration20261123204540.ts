import { Migration } from '@mikro-orm/migrations';

/**
 * MikroORM 7 no longer declares ON UPDATE CASCADE on foreign keys, and SQLite changes a foreign key
 * only by rebuilding its table. Migrations run inside one transaction, where
 * `pragma foreign_keys = off` has no effect, so dropping a parent table would fire its ON DELETE
 * actions on its children's rows. So every table is copied aside, dropped children first (no
 * action can fire), rebuilt parents first and refilled from its copy.
 */
export class Migration20261123204540 extends Migration {

  override name = 'Migration20261123204540';

  override up(): void | Promise<void> {
    this.addSql(`create table \`uploads__copy\` as select * from \`uploads\`;`);
    this.addSql(`create table \`transformations__copy\` as select * from \`transformations\`;`);
    this.addSql(`create table \`payments__copy\` as select * from \`payments\`;`);
    this.addSql(`create table \`gallery_items__copy\` as select * from \`gallery_items\`;`);
    this.addSql(`create table \`likes__copy\` as select * from \`likes\`;`);
    this.addSql(`create table \`credit_entries__copy\` as select * from \`credit_entries\`;`);
    this.addSql(`create table \`videos__copy\` as select * from \`videos\`;`);
    this.addSql(`create table \`workflows__copy\` as select * from \`workflows\`;`);

    this.addSql(`drop table \`likes\`;`);
    this.addSql(`drop table \`transformations\`;`);
    this.addSql(`drop table \`uploads\`;`);
    this.addSql(`drop table \`payments\`;`);
    this.addSql(`drop table \`gallery_items\`;`);
    this.addSql(`drop table \`credit_entries\`;`);
    this.addSql(`drop table \`videos\`;`);
    this.addSql(`drop table \`workflows\`;`);

    this.addSql(`create table \`uploads\` (\`id\` integer not null primary key autoincrement, \`owner_id\` integer not null, \`storage_key\` text not null, \`size\` integer not null, \`mime\` text not null, \`width\` integer not null, \`height\` integer not null, \`style\` text null, \`selection\` json null, \`is_composite\` integer not null default false, \`created_at\` datetime not null, constraint \`uploads_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete cascade);`);
    this.addSql(`insert into \`uploads\` (\`id\`, \`owner_id\`, \`storage_key\`, \`size\`, \`mime\`, \`width\`, \`height\`, \`style\`, \`selection\`, \`is_composite\`, \`created_at\`) select \`id\`, \`owner_id\`, \`storage_key\`, \`size\`, \`mime\`, \`width\`, \`height\`, \`style\`, \`selection\`, \`is_composite\`, \`created_at\` from \`uploads__copy\`;`);
    this.addSql(`drop table \`uploads__copy\`;`);
    this.addSql(`create index \`uploads_owner_id_index\` on \`uploads\` (\`owner_id\`);`);
    this.addSql(`create unique index \`uploads_storage_key_unique\` on \`uploads\` (\`storage_key\`);`);
    this.addSql(`create index \`uploads_owner_id_created_at_index\` on \`uploads\` (\`owner_id\`, \`created_at\`);`);

    this.addSql(`create table \`transformations\` (\`id\` integer not null primary key autoincrement, \`owner_id\` integer not null, \`upload_id\` integer null, \`kind\` text not null, \`prompt\` text not null, \`options\` json null, \`status\` text not null, \`result_key\` text null, \`engine\` text not null, \`duration_ms\` integer null, \`error\` text null, \`created_at\` datetime not null, constraint \`transformations_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete cascade, constraint \`transformations_upload_id_foreign\` foreign key (\`upload_id\`) references \`uploads\` (\`id\`) on delete set null);`);
    this.addSql(`insert into \`transformations\` (\`id\`, \`owner_id\`, \`upload_id\`, \`kind\`, \`prompt\`, \`options\`, \`status\`, \`result_key\`, \`engine\`, \`duration_ms\`, \`error\`, \`created_at\`) select \`id\`, \`owner_id\`, \`upload_id\`, \`kind\`, \`prompt\`, \`options\`, \`status\`, \`result_key\`, \`engine\`, \`duration_ms\`, \`error\`, \`created_at\` from \`transformations__copy\`;`);
    this.addSql(`drop table \`transformations__copy\`;`);
    this.addSql(`create index \`transformations_owner_id_index\` on \`transformations\` (\`owner_id\`);`);
    this.addSql(`create index \`transformations_upload_id_index\` on \`transformations\` (\`upload_id\`);`);
    this.addSql(`create index \`transformations_owner_id_created_at_index\` on \`transformations\` (\`owner_id\`, \`created_at\`);`);

    this.addSql(`create table \`payments\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`intent_id\` text not null, \`credits\` integer not null, \`amount_cents\` integer not null, \`currency\` text not null, \`status\` text not null, \`credited_at\` datetime null, \`created_at\` datetime not null, constraint \`payments_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade);`);
    this.addSql(`insert into \`payments\` (\`id\`, \`user_id\`, \`intent_id\`, \`credits\`, \`amount_cents\`, \`currency\`, \`status\`, \`credited_at\`, \`created_at\`) select \`id\`, \`user_id\`, \`intent_id\`, \`credits\`, \`amount_cents\`, \`currency\`, \`status\`, \`credited_at\`, \`created_at\` from \`payments__copy\`;`);
    this.addSql(`drop table \`payments__copy\`;`);
    this.addSql(`create index \`payments_user_id_index\` on \`payments\` (\`user_id\`);`);
    this.addSql(`create unique index \`payments_intent_id_unique\` on \`payments\` (\`intent_id\`);`);

    this.addSql(`create table \`gallery_items\` (\`id\` integer not null primary key autoincrement, \`owner_id\` integer not null, \`media_type\` text not null default 'image', \`transformation_type\` text null, \`transformation_option\` text null, \`transformed_image_path\` text not null, \`original_image_path\` text null, \`description\` text null, \`transformation_prompt\` text null, \`video_url\` text null, \`thumbnail_path\` text null, \`is_favorite\` integer not null default false, \`session_key\` text null, \`is_public\` integer not null default false, \`published_at\` datetime null, \`likes_count\` integer not null default 0, \`created_at\` datetime not null, constraint \`gallery_items_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete cascade);`);
    this.addSql(`insert into \`gallery_items\` (\`id\`, \`owner_id\`, \`media_type\`, \`transformation_type\`, \`transformation_option\`, \`transformed_image_path\`, \`original_image_path\`, \`description\`, \`transformation_prompt\`, \`video_url\`, \`thumbnail_path\`, \`is_favorite\`, \`session_key\`, \`is_public\`, \`published_at\`, \`likes_count\`, \`created_at\`) select \`id\`, \`owner_id\`, \`media_type\`, \`transformation_type\`, \`transformation_option\`, \`transformed_image_path\`, \`original_image_path\`, \`description\`, \`transformation_prompt\`, \`video_url\`, \`thumbnail_path\`, \`is_favorite\`, \`session_key\`, \`is_public\`, \`published_at\`, \`likes_count\`, \`created_at\` from \`gallery_items__copy\`;`);
    this.addSql(`drop table \`gallery_items__copy\`;`);
    this.addSql(`create index \`gallery_items_owner_id_index\` on \`gallery_items\` (\`owner_id\`);`);
    this.addSql(`create index \`gallery_items_owner_id_created_at_index\` on \`gallery_items\` (\`owner_id\`, \`created_at\`);`);
    this.addSql(`create index \`gallery_items_is_public_published_at_index\` on \`gallery_items\` (\`is_public\`, \`published_at\`);`);
    this.addSql(`create unique index \`gallery_items_owner_id_transformed_image_path_unique\` on \`gallery_items\` (\`owner_id\`, \`transformed_image_path\`);`);

    this.addSql(`create table \`likes\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`item_id\` integer not null, \`created_at\` datetime not null, constraint \`likes_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade, constraint \`likes_item_id_foreign\` foreign key (\`item_id\`) references \`gallery_items\` (\`id\`) on delete cascade);`);
    this.addSql(`insert into \`likes\` (\`id\`, \`user_id\`, \`item_id\`, \`created_at\`) select \`id\`, \`user_id\`, \`item_id\`, \`created_at\` from \`likes__copy\`;`);
    this.addSql(`drop table \`likes__copy\`;`);
    this.addSql(`create index \`likes_user_id_index\` on \`likes\` (\`user_id\`);`);
    this.addSql(`create index \`likes_item_id_index\` on \`likes\` (\`item_id\`);`);
    this.addSql(`create unique index \`likes_user_id_item_id_unique\` on \`likes\` (\`user_id\`, \`item_id\`);`);

    this.addSql(`create table \`credit_entries\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`type\` text not null, \`status\` text not null, \`amount\` integer not null, \`balance_after\` integer not null, \`description\` text not null, \`reason\` text not null, \`external_ref\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`credit_entries_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade);`);
    this.addSql(`insert into \`credit_entries\` (\`id\`, \`user_id\`, \`type\`, \`status\`, \`amount\`, \`balance_after\`, \`description\`, \`reason\`, \`external_ref\`, \`created_at\`, \`updated_at\`) select \`id\`, \`user_id\`, \`type\`, \`status\`, \`amount\`, \`balance_after\`, \`description\`, \`reason\`, \`external_ref\`, \`created_at\`, \`updated_at\` from \`credit_entries__copy\`;`);
    this.addSql(`drop table \`credit_entries__copy\`;`);
    this.addSql(`create index \`credit_entries_user_id_index\` on \`credit_entries\` (\`user_id\`);`);
    this.addSql(`create unique index \`credit_entries_external_ref_unique\` on \`credit_entries\` (\`external_ref\`);`);
    this.addSql(`create index \`credit_entries_user_id_created_at_index\` on \`credit_entries\` (\`user_id\`, \`created_at\`);`);
    this.addSql(`create index \`credit_entries_status_created_at_index\` on \`credit_entries\` (\`status\`, \`created_at\`);`);

    this.addSql(`create table \`videos\` (\`id\` integer not null primary key autoincrement, \`owner_id\` integer not null, \`source_image\` text not null, \`video_url\` text not null, \`thumbnail_path\` text null, \`prompt\` text not null, \`duration\` integer not null default 6, \`resolution\` text not null default '768p', \`status\` text not null, \`placeholder_id\` text null, \`is_accessible\` integer not null default false, \`source\` text not null default 'Local', \`error\` text null, \`created_at\` datetime not null, constraint \`videos_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete cascade);`);
    this.addSql(`insert into \`videos\` (\`id\`, \`owner_id\`, \`source_image\`, \`video_url\`, \`thumbnail_path\`, \`prompt\`, \`duration\`, \`resolution\`, \`status\`, \`placeholder_id\`, \`is_accessible\`, \`source\`, \`error\`, \`created_at\`) select \`id\`, \`owner_id\`, \`source_image\`, \`video_url\`, \`thumbnail_path\`, \`prompt\`, \`duration\`, \`resolution\`, \`status\`, \`placeholder_id\`, \`is_accessible\`, \`source\`, \`error\`, \`created_at\` from \`videos__copy\`;`);
    this.addSql(`drop table \`videos__copy\`;`);
    this.addSql(`create index \`videos_owner_id_index\` on \`videos\` (\`owner_id\`);`);
    this.addSql(`create index \`videos_owner_id_created_at_index\` on \`videos\` (\`owner_id\`, \`created_at\`);`);
    this.addSql(`create unique index \`videos_owner_id_placeholder_id_unique\` on \`videos\` (\`owner_id\`, \`placeholder_id\`);`);

    this.addSql(`create table \`workflows\` (\`id\` integer not null primary key autoincrement, \`owner_id\` integer not null, \`name\` text not null, \`graph\` json not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`workflows_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete cascade);`);
    this.addSql(`insert into \`workflows\` (\`id\`, \`owner_id\`, \`name\`, \`graph\`, \`created_at\`, \`updated_at\`) select \`id\`, \`owner_id\`, \`name\`, \`graph\`, \`created_at\`, \`updated_at\` from \`workflows__copy\`;`);
    this.addSql(`drop table \`workflows__copy\`;`);
    this.addSql(`create index \`workflows_owner_id_index\` on \`workflows\` (\`owner_id\`);`);
    this.addSql(`create index \`workflows_owner_id_updated_at_index\` on \`workflows\` (\`owner_id\`, \`updated_at\`);`);
    this.addSql(`create unique index \`workflows_owner_id_name_unique\` on \`workflows\` (\`owner_id\`, \`name\`);`);
  }

}
