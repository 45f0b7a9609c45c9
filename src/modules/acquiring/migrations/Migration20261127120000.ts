import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Each instance's role, configuration faults and heartbeat (and when it stopped), for the admin of any instance. */
export class Migration20261127120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "acquiring_instance_report" ("id" text not null, "role" text check ("role" in ('shared', 'server', 'worker')) not null, "host" text not null, "pid" integer not null, "faults" jsonb not null default '[]', "started_at" timestamptz not null, "seen_at" timestamptz not null, "stopped_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_instance_report_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_instance_report_seen_at" ON "acquiring_instance_report" ("seen_at");`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_instance_report" cascade;`)
  }
}
