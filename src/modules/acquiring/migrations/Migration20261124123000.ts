import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The private state of payment sessions, out of Medusa's `data`. */
export class Migration20261124123000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "acquiring_session_state" ("id" text not null, "data" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_session_state_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_session_state_deleted_at" ON "acquiring_session_state" ("deleted_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_session_state" cascade;`)
  }
}
