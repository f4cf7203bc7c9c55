import { Migration } from '@mikro-orm/migrations';

/**
 * A media request asks whether a published post shows its file, by one of three paths: each gets
 * an index, so the answer no longer scans every public post.
 */
export class Migration20261127092159 extends Migration {
  override name = 'Migration20261127092159';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`gallery_items\` add index \`gallery_items_transformed_image_path_index\` (\`transformed_image_path\`);`);
    this.addSql(`alter table \`gallery_items\` add index \`gallery_items_original_image_path_index\` (\`original_image_path\`);`);
    this.addSql(`alter table \`gallery_items\` add index \`gallery_items_video_url_index\` (\`video_url\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`gallery_items\` drop index \`gallery_items_transformed_image_path_index\`;`);
    this.addSql(`alter table \`gallery_items\` drop index \`gallery_items_original_image_path_index\`;`);
    this.addSql(`alter table \`gallery_items\` drop index \`gallery_items_video_url_index\`;`);
  }

}
