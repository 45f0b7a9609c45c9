import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Payment links for what an order still owes: the token's hash, never the token. */
export class Migration20261126040000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "acquiring_payment_link" ("id" text not null, "order_id" text not null, "payment_collection_id" text not null, "payment_session_id" text not null, "amount" text not null, "currency" text not null, "token_hash" text not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "paid_at" timestamptz null, "created_by" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_payment_link_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_payment_link_deleted_at" ON "acquiring_payment_link" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_acquiring_payment_link_token_hash_unique" ON "acquiring_payment_link" ("token_hash") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_payment_link_order_id" ON "acquiring_payment_link" ("order_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_payment_link" cascade;`)
  }
}
