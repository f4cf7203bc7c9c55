import { Migration } from '@mikro-orm/migrations';

/** The ledger and the payments outlive a deleted account, anonymised: their user becomes nullable, ON DELETE SET NULL. */
export class Migration20261124030500 extends Migration {

  override name = 'Migration20261124030500';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`payments\` drop foreign key \`payments_user_id_foreign\`;`);

    this.addSql(`alter table \`credit_entries\` drop foreign key \`credit_entries_user_id_foreign\`;`);

    this.addSql(`alter table \`payments\` modify \`user_id\` int unsigned null;`);
    this.addSql(`alter table \`payments\` add constraint \`payments_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete set null;`);

    this.addSql(`alter table \`credit_entries\` modify \`user_id\` int unsigned null;`);
    this.addSql(`alter table \`credit_entries\` add constraint \`credit_entries_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`credit_entries\` drop foreign key \`credit_entries_user_id_foreign\`;`);

    this.addSql(`alter table \`payments\` drop foreign key \`payments_user_id_foreign\`;`);

    this.addSql(`alter table \`credit_entries\` modify \`user_id\` int unsigned not null;`);
    this.addSql(`alter table \`credit_entries\` add constraint \`credit_entries_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on update restrict on delete cascade;`);

    this.addSql(`alter table \`payments\` modify \`user_id\` int unsigned not null;`);
    this.addSql(`alter table \`payments\` add constraint \`payments_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on update restrict on delete cascade;`);
  }

}
