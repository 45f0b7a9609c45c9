import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123145329 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "acquiring_operation" drop constraint if exists "acquiring_operation_kind_acquirer_reference_unique";`
    )
    this.addSql(
      `create table if not exists "acquiring_operation" ("id" text not null, "provider_id" text not null, "kind" text check ("kind" in ('authorise', 'checkout', 'capture', 'void', 'review', 'refund')) not null, "state" text check ("state" in ('sent', 'unknown', 'done', 'refused', 'recorded')) not null default 'sent', "order_no" text not null, "session_id" text null, "payment_id" text null, "transaction_id" text null, "amount" text null, "currency" text null, "reference" text null, "acquirer_reference" text null, "result_code" text null, "result_text" text null, "tries" integer not null default 1, "settled_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_operation_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_operation_deleted_at" ON "acquiring_operation" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_operation_order_no" ON "acquiring_operation" ("order_no") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_operation_state_kind" ON "acquiring_operation" ("state", "kind") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_operation_payment_id" ON "acquiring_operation" ("payment_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_operation_session_id" ON "acquiring_operation" ("session_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_operation_reference" ON "acquiring_operation" ("reference") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_acquiring_operation_kind_acquirer_reference_unique" ON "acquiring_operation" ("kind", "acquirer_reference") WHERE acquirer_reference IS NOT NULL AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_operation" cascade;`)
  }
}
