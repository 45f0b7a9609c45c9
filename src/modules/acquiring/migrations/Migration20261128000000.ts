import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Chargebacks, one per acquirer reference, and the payments' history beside the journal. */
export class Migration20261128000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "acquiring_chargeback" ("id" text not null, "reference" text not null, "provider_id" text not null, "order_no" text not null, "transaction_id" text null, "payment_id" text null, "session_id" text null, "currency" text not null, "amount" text not null, "payment_amount" text null, "reason_code" text null, "reason_text" text null, "status" text check ("status" in ('OPEN', 'WON', 'LOST')) not null, "opened_at" timestamptz null, "respond_by" timestamptz null, "decided_at" timestamptz null, "refund_id" text null, "accounted_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_chargeback_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_acquiring_chargeback_reference_unique" ON "acquiring_chargeback" ("reference") WHERE deleted_at IS NULL;`
    )
    for (const columns of [
      ["order_no"],
      ["payment_id"],
      ["status", "respond_by"],
    ])
      this.addSql(
        `CREATE INDEX IF NOT EXISTS "IDX_acquiring_chargeback_${columns.join("_")}" ON "acquiring_chargeback" (${columns.map((c) => `"${c}"`).join(", ")}) WHERE deleted_at IS NULL;`
      )
    this.addSql(
      `create table if not exists "acquiring_payment_event" ("id" text not null, "kind" text check ("kind" in ('notification', 'job', 'admin', 'lock_timeout', 'chargeback', 'query')) not null, "outcome" text not null, "summary" text not null, "order_no" text null, "session_id" text null, "payment_id" text null, "transaction_id" text null, "operation" text null, "amount" text null, "currency" text null, "actor" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_payment_event_pkey" primary key ("id"));`
    )
    for (const column of [
      "payment_id",
      "session_id",
      "order_no",
      "transaction_id",
      "created_at",
    ])
      this.addSql(
        `CREATE INDEX IF NOT EXISTS "IDX_acquiring_payment_event_${column}" ON "acquiring_payment_event" ("${column}") WHERE deleted_at IS NULL;`
      )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_payment_event" cascade;`)
    this.addSql(`drop table if exists "acquiring_chargeback" cascade;`)
  }
}
