import { Migration } from '@mikro-orm/migrations';

/**
 * Monthly subscriptions: each user's Stripe Customer, a copy of each subscription as Stripe last
 * reported it, and the paid invoices with the credits each granted.
 */
export class Migration20261127122837 extends Migration {

  override name = 'Migration20261127122837';

  override up(): void | Promise<void> {
    this.addSql(`create table \`subscription_invoices\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned null, \`stripe_id\` varchar(191) not null, \`subscription_stripe_id\` varchar(191) not null, \`amount_cents\` int not null, \`currency\` varchar(3) not null, \`credits\` int not null, \`hosted_url\` varchar(2048) null, \`paid_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`subscription_invoices\` add index \`subscription_invoices_user_id_index\` (\`user_id\`);`);
    this.addSql(`alter table \`subscription_invoices\` add unique \`subscription_invoices_stripe_id_unique\` (\`stripe_id\`);`);
    this.addSql(`alter table \`subscription_invoices\` add index \`subscription_invoices_user_id_paid_at_index\` (\`user_id\`, \`paid_at\`);`);

    this.addSql(`create table \`subscriptions\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned null, \`stripe_id\` varchar(191) not null, \`plan\` varchar(16) not null, \`status\` varchar(32) not null, \`current_period_end\` datetime(3) null, \`cancel_at_period_end\` tinyint(1) not null default false, \`created_at\` datetime(3) not null, \`updated_at\` datetime(3) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`subscriptions\` add index \`subscriptions_user_id_index\` (\`user_id\`);`);
    this.addSql(`alter table \`subscriptions\` add unique \`subscriptions_stripe_id_unique\` (\`stripe_id\`);`);
    this.addSql(`alter table \`subscriptions\` add index \`subscriptions_user_id_created_at_index\` (\`user_id\`, \`created_at\`);`);

    this.addSql(`alter table \`users\` add \`stripe_customer_id\` varchar(191) null;`);
    this.addSql(`alter table \`users\` add unique \`users_stripe_customer_id_unique\` (\`stripe_customer_id\`);`);

    this.addSql(`alter table \`subscription_invoices\` add constraint \`subscription_invoices_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete set null;`);

    this.addSql(`alter table \`subscriptions\` add constraint \`subscriptions_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`subscription_invoices\`;`);
    this.addSql(`drop table if exists \`subscriptions\`;`);

    this.addSql(`alter table \`users\` drop index \`users_stripe_customer_id_unique\`;`);
    this.addSql(`alter table \`users\` drop column \`stripe_customer_id\`;`);
  }

}
