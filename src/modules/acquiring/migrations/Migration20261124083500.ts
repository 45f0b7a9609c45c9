import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Payouts record the client's idempotency key (one row per key) and the account they were sent with. */
export class Migration20261124083500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "acquiring_payout" drop constraint if exists "acquiring_payout_idempotency_key_unique";`
    )
    this.addSql(
      `alter table if exists "acquiring_payout" add column if not exists "account" jsonb null, add column if not exists "idempotency_key" text null;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_acquiring_payout_idempotency_key_unique" ON "acquiring_payout" ("idempotency_key") WHERE idempotency_key IS NOT NULL AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop index if exists "IDX_acquiring_payout_idempotency_key_unique";`
    )
    this.addSql(
      `alter table if exists "acquiring_payout" drop column if exists "account", drop column if exists "idempotency_key";`
    )
  }
}
