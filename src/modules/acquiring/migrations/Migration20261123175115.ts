import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123175115 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "acquiring_account" ("id" text not null, "name" text not null, "enabled" boolean not null default true, "mode" text check ("mode" in ('test', 'live')) not null default 'live', "merchant_id" text not null, "account_id" text not null, "base_url" text not null, "sign_key_encrypted" text null, "sign_key_updated_at" timestamptz null, "currencies" text[] not null default '{}', "providers" text[] not null default '{}', "website_url" text null, "backend_url" text null, "storefront_url" text null, "three_d_secure" text check ("three_d_secure" in ('always', 'issuer')) null, "auto_capture" boolean null, "order_prefix" text null, "timeout_ms" integer null, "advanced" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_account_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_account_deleted_at" ON "acquiring_account" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "acquiring_settings_change" ("id" text not null, "account_id" text not null, "action" text check ("action" in ('created', 'updated', 'deleted')) not null, "fields" text[] not null, "actor_id" text null, "actor_email" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_settings_change_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_settings_change_deleted_at" ON "acquiring_settings_change" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_settings_change_account_id" ON "acquiring_settings_change" ("account_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_settings_change_created_at" ON "acquiring_settings_change" ("created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_account" cascade;`)

    this.addSql(`drop table if exists "acquiring_settings_change" cascade;`)
  }
}
