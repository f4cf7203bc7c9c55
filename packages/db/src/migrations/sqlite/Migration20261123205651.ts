import { Migration } from '@mikro-orm/migrations';

export class Migration20261123205651 extends Migration {

  override name = 'Migration20261123205651';

  override up(): void | Promise<void> {
    this.addSql(`create table \`generation_jobs\` (\`id\` integer not null primary key autoincrement, \`owner_id\` integer not null, \`kind\` text not null, \`input\` json not null, \`status\` text not null, \`progress\` integer not null default 0, \`stage\` text not null, \`attempts\` integer not null default 0, \`error\` text null, \`error_code\` text null, \`result\` json null, \`seed\` integer not null, \`engine\` text not null, \`external_id\` text null, \`created_at\` datetime not null, \`started_at\` datetime null, \`finished_at\` datetime null, \`heartbeat_at\` datetime null, constraint \`generation_jobs_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`generation_jobs_owner_id_index\` on \`generation_jobs\` (\`owner_id\`);`);
    this.addSql(`create index \`generation_jobs_owner_id_created_at_index\` on \`generation_jobs\` (\`owner_id\`, \`created_at\`);`);
    this.addSql(`create index \`generation_jobs_status_heartbeat_at_index\` on \`generation_jobs\` (\`status\`, \`heartbeat_at\`);`);
    this.addSql(`create index \`generation_jobs_external_id_index\` on \`generation_jobs\` (\`external_id\`);`);

    this.addSql(`alter table \`videos\` add column \`job_id\` integer null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`generation_jobs\`;`);

    this.addSql(`alter table \`videos\` drop column \`job_id\`;`);
  }

}
