import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123175101 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "acquiring_payout" drop constraint if exists "acquiring_payout_request_id_unique";`
    )
    this.addSql(
      `create table if not exists "acquiring_payout" ("id" text not null, "provider_id" text not null, "request_id" text not null, "status" text check ("status" in ('sending', 'unknown', 'PENDING', 'COMPLETED', 'FAILED')) not null default 'sending', "beneficiary" jsonb not null, "payer" jsonb null, "beneficiary_id" text null, "beneficiary_name" text null, "beneficiary_account_last4" text null, "payment_amount" text not null, "payment_currency" text not null, "source_amount" text null, "source_currency" text null, "payment_date" text null, "payment_method" text null, "swift_charge_option" text null, "fund_source" text null, "fee_paid_by" text null, "reason" text null, "reference" text null, "client_data" text null, "transaction_id" text null, "short_reference_id" text null, "fee_amount" text null, "fee_currency" text null, "amount_payer_pays" text null, "amount_beneficiary_receives" text null, "failure_type" text null, "failure_reason" text null, "acquirer_created_at" text null, "acquirer_updated_at" text null, "last_error" text null, "tries" integer not null default 0, "settled_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_payout_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_payout_deleted_at" ON "acquiring_payout" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_acquiring_payout_request_id_unique" ON "acquiring_payout" ("request_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_payout_status" ON "acquiring_payout" ("status") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_payout_transaction_id" ON "acquiring_payout" ("transaction_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_payout_payment_currency" ON "acquiring_payout" ("payment_currency") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_payout" cascade;`)
  }
}
