import { Migration } from '@mikro-orm/migrations';

export class Migration20261123204540 extends Migration {

  override name = 'Migration20261123204540';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`uploads\` drop foreign key \`uploads_owner_id_foreign\`;`);

    this.addSql(`alter table \`transformations\` drop foreign key \`transformations_owner_id_foreign\`;`);
    this.addSql(`alter table \`transformations\` drop foreign key \`transformations_upload_id_foreign\`;`);

    this.addSql(`alter table \`payments\` drop foreign key \`payments_user_id_foreign\`;`);

    this.addSql(`alter table \`gallery_items\` drop foreign key \`gallery_items_owner_id_foreign\`;`);

    this.addSql(`alter table \`likes\` drop foreign key \`likes_item_id_foreign\`;`);
    this.addSql(`alter table \`likes\` drop foreign key \`likes_user_id_foreign\`;`);

    this.addSql(`alter table \`credit_entries\` drop foreign key \`credit_entries_user_id_foreign\`;`);

    this.addSql(`alter table \`videos\` drop foreign key \`videos_owner_id_foreign\`;`);

    this.addSql(`alter table \`workflows\` drop foreign key \`workflows_owner_id_foreign\`;`);

    this.addSql(`alter table \`uploads\` add constraint \`uploads_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete cascade;`);

    this.addSql(`alter table \`transformations\` add constraint \`transformations_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete cascade;`);
    this.addSql(`alter table \`transformations\` add constraint \`transformations_upload_id_foreign\` foreign key (\`upload_id\`) references \`uploads\` (\`id\`) on delete set null;`);

    this.addSql(`alter table \`payments\` add constraint \`payments_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade;`);

    this.addSql(`alter table \`gallery_items\` add constraint \`gallery_items_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete cascade;`);

    this.addSql(`alter table \`likes\` add constraint \`likes_item_id_foreign\` foreign key (\`item_id\`) references \`gallery_items\` (\`id\`) on delete cascade;`);
    this.addSql(`alter table \`likes\` add constraint \`likes_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade;`);

    this.addSql(`alter table \`credit_entries\` add constraint \`credit_entries_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade;`);

    this.addSql(`alter table \`videos\` add constraint \`videos_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete cascade;`);

    this.addSql(`alter table \`workflows\` add constraint \`workflows_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`credit_entries\` drop foreign key \`credit_entries_user_id_foreign\`;`);

    this.addSql(`alter table \`gallery_items\` drop foreign key \`gallery_items_owner_id_foreign\`;`);

    this.addSql(`alter table \`likes\` drop foreign key \`likes_user_id_foreign\`;`);
    this.addSql(`alter table \`likes\` drop foreign key \`likes_item_id_foreign\`;`);

    this.addSql(`alter table \`payments\` drop foreign key \`payments_user_id_foreign\`;`);

    this.addSql(`alter table \`transformations\` drop foreign key \`transformations_owner_id_foreign\`;`);
    this.addSql(`alter table \`transformations\` drop foreign key \`transformations_upload_id_foreign\`;`);

    this.addSql(`alter table \`uploads\` drop foreign key \`uploads_owner_id_foreign\`;`);

    this.addSql(`alter table \`videos\` drop foreign key \`videos_owner_id_foreign\`;`);

    this.addSql(`alter table \`workflows\` drop foreign key \`workflows_owner_id_foreign\`;`);

    this.addSql(`alter table \`credit_entries\` add constraint \`credit_entries_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`gallery_items\` add constraint \`gallery_items_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`likes\` add constraint \`likes_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`likes\` add constraint \`likes_item_id_foreign\` foreign key (\`item_id\`) references \`gallery_items\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`payments\` add constraint \`payments_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`transformations\` add constraint \`transformations_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`transformations\` add constraint \`transformations_upload_id_foreign\` foreign key (\`upload_id\`) references \`uploads\` (\`id\`) on update cascade on delete set null;`);

    this.addSql(`alter table \`uploads\` add constraint \`uploads_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`videos\` add constraint \`videos_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);

    this.addSql(`alter table \`workflows\` add constraint \`workflows_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on update cascade on delete cascade;`);
  }

}
