import { Migration } from '@mikro-orm/migrations';

export class Migration20261121233209 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`users\` (\`id\` int unsigned not null auto_increment primary key, \`email\` varchar(254) not null, \`password_hash\` varchar(255) not null, \`first_name\` varchar(100) not null, \`last_name\` varchar(100) not null, \`username\` varchar(64) not null, \`credits\` int not null default 0, \`subscription_type\` varchar(16) not null default 'free', \`last_used_image\` varchar(255) null, \`session_version\` int not null default 0, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`users\` add unique \`users_email_unique\`(\`email\`);`);
    this.addSql(`alter table \`users\` add unique \`users_username_unique\`(\`username\`);`);

    this.addSql(`create table \`uploads\` (\`id\` int unsigned not null auto_increment primary key, \`owner_id\` int unsigned not null, \`storage_key\` varchar(191) not null, \`size\` int not null, \`mime\` varchar(64) not null, \`width\` int not null, \`height\` int not null, \`style\` text null, \`selection\` json null, \`is_composite\` tinyint(1) not null default false, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`uploads\` add index \`uploads_owner_id_index\`(\`owner_id\`);`);
    this.addSql(`alter table \`uploads\` add unique \`uploads_storage_key_unique\`(\`storage_key\`);`);
    this.addSql(`alter table \`uploads\` add index \`uploads_owner_id_created_at_index\`(\`owner_id\`, \`created_at\`);`);

    this.addSql(`create table \`transformations\` (\`id\` int unsigned not null auto_increment primary key, \`owner_id\` int unsigned not null, \`upload_id\` int unsigned null, \`kind\` varchar(16) not null, \`prompt\` text not null, \`options\` json null, \`status\` varchar(16) not null, \`result_key\` varchar(191) null, \`engine\` varchar(32) not null, \`duration_ms\` int null, \`error\` text null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`transformations\` add index \`transformations_owner_id_index\`(\`owner_id\`);`);
    this.addSql(`alter table \`transformations\` add index \`transformations_upload_id_index\`(\`upload_id\`);`);
    this.addSql(`alter table \`transformations\` add index \`transformations_owner_id_created_at_index\`(\`owner_id\`, \`created_at\`);`);

    this.addSql(`create table \`payments\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`intent_id\` varchar(191) not null, \`credits\` int not null, \`amount_cents\` int not null, \`currency\` varchar(3) not null, \`status\` varchar(32) not null, \`credited_at\` datetime(3) null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`payments\` add index \`payments_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`payments\` add unique \`payments_intent_id_unique\`(\`intent_id\`);`);

    this.addSql(`create table \`gallery_items\` (\`id\` int unsigned not null auto_increment primary key, \`owner_id\` int unsigned not null, \`media_type\` varchar(8) not null default 'image', \`transformation_type\` varchar(64) null, \`transformation_option\` varchar(500) null, \`transformed_image_path\` varchar(255) not null, \`original_image_path\` varchar(255) null, \`description\` text null, \`transformation_prompt\` text null, \`video_url\` varchar(255) null, \`thumbnail_path\` varchar(255) null, \`is_favorite\` tinyint(1) not null default false, \`session_key\` varchar(64) null, \`is_public\` tinyint(1) not null default false, \`published_at\` datetime(3) null, \`likes_count\` int not null default 0, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`gallery_items\` add index \`gallery_items_owner_id_index\`(\`owner_id\`);`);
    this.addSql(`alter table \`gallery_items\` add index \`gallery_items_owner_id_created_at_index\`(\`owner_id\`, \`created_at\`);`);
    this.addSql(`alter table \`gallery_items\` add index \`gallery_items_is_public_published_at_index\`(\`is_public\`, \`published_at\`);`);
    this.addSql(`alter table \`gallery_items\` add unique \`gallery_items_owner_id_transformed_image_path_unique\`(\`owner_id\`, \`transformed_image_path\`);`);

    this.addSql(`create table \`likes\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`item_id\` int unsigned not null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`likes\` add index \`likes_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`likes\` add index \`likes_item_id_index\`(\`item_id\`);`);
    this.addSql(`alter table \`likes\` add unique \`likes_user_id_item_id_unique\`(\`user_id\`, \`item_id\`);`);

    this.addSql(`create table \`credit_entries\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`type\` varchar(16) not null, \`status\` varchar(16) not null, \`amount\` int not null, \`balance_after\` int not null, \`description\` varchar(255) not null, \`reason\` varchar(32) not null, \`external_ref\` varchar(191) not null, \`created_at\` datetime(3) not null, \`updated_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`credit_entries\` add index \`credit_entries_user_id_index\`(\`user_id\`);`);
    this.addSql(`alter table \`credit_entries\` add unique \`credit_entries_external_ref_unique\`(\`external_ref\`);`);
    this.addSql(`alter table \`credit_entries\` add index \`credit_entries_user_id_created_at_index\`(\`user_id\`, \`created_at\`);`);
    this.addSql(`alter table \`credit_entries\` add index \`credit_entries_status_created_at_index\`(\`status\`, \`created_at\`);`);

    this.addSql(`create table \`videos\` (\`id\` int unsigned not null auto_increment primary key, \`owner_id\` int unsigned not null, \`source_image\` varchar(255) not null, \`video_url\` varchar(255) not null, \`thumbnail_path\` varchar(255) null, \`prompt\` text not null, \`duration\` int not null default 6, \`resolution\` varchar(16) not null default '768p', \`status\` varchar(16) not null, \`placeholder_id\` varchar(64) null, \`is_accessible\` tinyint(1) not null default false, \`source\` varchar(32) not null default 'Local', \`error\` text null, \`created_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`videos\` add index \`videos_owner_id_index\`(\`owner_id\`);`);
    this.addSql(`alter table \`videos\` add index \`videos_owner_id_created_at_index\`(\`owner_id\`, \`created_at\`);`);
    this.addSql(`alter table \`videos\` add unique \`videos_owner_id_placeholder_id_unique\`(\`owner_id\`, \`placeholder_id\`);`);

    this.addSql(`create table \`workflows\` (\`id\` int unsigned not null auto_increment primary key, \`owner_id\` int unsigned not null, \`name\` varchar(120) not null, \`graph\` json not null, \`created_at\` datetime(3) not null, \`updated_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`workflows\` add index \`workflows_owner_id_index\`(\`owner_id\`);`);
    this.addSql(`alter table \`workflows\` add index \`workflows_owner_id_updated_at_index\`(\`owner_id\`, \`updated_at\`);`);
    this.addSql(`alter table \`workflows\` add unique \`workflows_owner_id_name_unique\`(\`owner_id\`, \`name\`);`);

    this.addSql(`alter table \`uploads\` add constraint \`uploads_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`transformations\` add constraint \`transformations_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`transformations\` add constraint \`transformations_upload_id_foreign\` foreign key (\`upload_id\`) references \`uploads\` (\`id\`) on update cascade on delete set null;`);

    this.addSql(`alter table \`payments\` add constraint \`payments_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`gallery_items\` add constraint \`gallery_items_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`likes\` add constraint \`likes_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`likes\` add constraint \`likes_item_id_foreign\` foreign key (\`item_id\`) references \`gallery_items\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`credit_entries\` add constraint \`credit_entries_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`videos\` add constraint \`videos_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`workflows\` add constraint \`workflows_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table \`uploads\` drop foreign key \`uploads_owner_id_foreign\`;`);

    this.addSql(`alter table \`transformations\` drop foreign key \`transformations_owner_id_foreign\`;`);

    this.addSql(`alter table \`payments\` drop foreign key \`payments_user_id_foreign\`;`);

    this.addSql(`alter table \`gallery_items\` drop foreign key \`gallery_items_owner_id_foreign\`;`);

    this.addSql(`alter table \`likes\` drop foreign key \`likes_user_id_foreign\`;`);

    this.addSql(`alter table \`credit_entries\` drop foreign key \`credit_entries_user_id_foreign\`;`);

    this.addSql(`alter table \`videos\` drop foreign key \`videos_owner_id_foreign\`;`);

    this.addSql(`alter table \`workflows\` drop foreign key \`workflows_owner_id_foreign\`;`);

    this.addSql(`alter table \`transformations\` drop foreign key \`transformations_upload_id_foreign\`;`);

    this.addSql(`alter table \`likes\` drop foreign key \`likes_item_id_foreign\`;`);

    this.addSql(`drop table if exists \`users\`;`);

    this.addSql(`drop table if exists \`uploads\`;`);

    this.addSql(`drop table if exists \`transformations\`;`);

    this.addSql(`drop table if exists \`payments\`;`);

    this.addSql(`drop table if exists \`gallery_items\`;`);

    this.addSql(`drop table if exists \`likes\`;`);

    this.addSql(`drop table if exists \`credit_entries\`;`);

    this.addSql(`drop table if exists \`videos\`;`);

    this.addSql(`drop table if exists \`workflows\`;`);
  }

}
