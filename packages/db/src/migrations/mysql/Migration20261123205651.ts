import { Migration } from '@mikro-orm/migrations';

export class Migration20261123205651 extends Migration {

  override name = 'Migration20261123205651';

  override up(): void | Promise<void> {
    this.addSql(`create table \`generation_jobs\` (\`id\` int unsigned not null auto_increment primary key, \`owner_id\` int unsigned not null, \`kind\` varchar(16) not null, \`input\` json not null, \`status\` varchar(16) not null, \`progress\` int not null default 0, \`stage\` varchar(120) not null, \`attempts\` int not null default 0, \`error\` text null, \`error_code\` varchar(32) null, \`result\` json null, \`seed\` int not null, \`engine\` varchar(32) not null, \`external_id\` varchar(128) null, \`created_at\` datetime(3) not null, \`started_at\` datetime(3) null, \`finished_at\` datetime(3) null, \`heartbeat_at\` datetime(3) null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`generation_jobs\` add index \`generation_jobs_owner_id_index\` (\`owner_id\`);`);
    this.addSql(`alter table \`generation_jobs\` add index \`generation_jobs_owner_id_created_at_index\` (\`owner_id\`, \`created_at\`);`);
    this.addSql(`alter table \`generation_jobs\` add index \`generation_jobs_status_heartbeat_at_index\` (\`status\`, \`heartbeat_at\`);`);
    this.addSql(`alter table \`generation_jobs\` add index \`generation_jobs_external_id_index\` (\`external_id\`);`);

    this.addSql(`alter table \`videos\` add \`job_id\` int null;`);

    this.addSql(`alter table \`generation_jobs\` add constraint \`generation_jobs_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`generation_jobs\`;`);

    this.addSql(`alter table \`videos\` drop column \`job_id\`;`);
  }

}
