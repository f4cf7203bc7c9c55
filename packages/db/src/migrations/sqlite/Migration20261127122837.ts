import { Migration } from '@mikro-orm/migrations';

/**
 * Monthly subscriptions: each user's Stripe Customer, a copy of each subscription as Stripe last
 * reported it, and the paid invoices with the credits each granted.
 */
export class Migration20261127122837 extends Migration {

  override name = 'Migration20261127122837';

  override up(): void | Promise<void> {
    this.addSql(`create table \`subscription_invoices\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer null, \`stripe_id\` text not null, \`subscription_stripe_id\` text not null, \`amount_cents\` integer not null, \`currency\` text not null, \`credits\` integer not null, \`hosted_url\` text null, \`paid_at\` datetime not null, constraint \`subscription_invoices_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete set null);`);
    this.addSql(`create index \`subscription_invoices_user_id_index\` on \`subscription_invoices\` (\`user_id\`);`);
    this.addSql(`create unique index \`subscription_invoices_stripe_id_unique\` on \`subscription_invoices\` (\`stripe_id\`);`);
    this.addSql(`create index \`subscription_invoices_user_id_paid_at_index\` on \`subscription_invoices\` (\`user_id\`, \`paid_at\`);`);

    this.addSql(`create table \`subscriptions\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer null, \`stripe_id\` text not null, \`plan\` text not null, \`status\` text not null, \`current_period_end\` datetime null, \`cancel_at_period_end\` integer not null default false, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`subscriptions_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete set null);`);
    this.addSql(`create index \`subscriptions_user_id_index\` on \`subscriptions\` (\`user_id\`);`);
    this.addSql(`create unique index \`subscriptions_stripe_id_unique\` on \`subscriptions\` (\`stripe_id\`);`);
    this.addSql(`create index \`subscriptions_user_id_created_at_index\` on \`subscriptions\` (\`user_id\`, \`created_at\`);`);

    this.addSql(`alter table \`users\` add column \`stripe_customer_id\` text null;`);
    this.addSql(`create unique index \`users_stripe_customer_id_unique\` on \`users\` (\`stripe_customer_id\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`subscription_invoices\`;`);
    this.addSql(`drop table if exists \`subscriptions\`;`);

    this.addSql(`drop index \`users_stripe_customer_id_unique\`;`);
    this.addSql(`alter table \`users\` drop column \`stripe_customer_id\`;`);
  }

}
