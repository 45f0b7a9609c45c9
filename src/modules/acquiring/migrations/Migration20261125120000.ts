import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Cards signed-in customers asked to keep: the acquirer's token, never the card. */
export class Migration20261125120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "acquiring_saved_card" ("id" text not null, "customer_id" text not null, "merchant_id" text not null, "account_id" text not null, "token_id" text not null, "card_masked" text not null, "brand" text null, "provider_id" text not null, "last_used_at" timestamptz null, "lapsed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_saved_card_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_saved_card_deleted_at" ON "acquiring_saved_card" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_saved_card_customer_id" ON "acquiring_saved_card" ("customer_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_acquiring_saved_card_customer_id_merchant_id_account_id_token_id_unique" ON "acquiring_saved_card" ("customer_id", "merchant_id", "account_id", "token_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_saved_card" cascade;`)
  }
}
