import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Accounts limited to sales channels and regions (empty: every one, as before). */
export class Migration20261130010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "acquiring_account" add column if not exists "sales_channels" text[] not null default '{}', add column if not exists "regions" text[] not null default '{}';`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "acquiring_account" drop column if exists "sales_channels", drop column if exists "regions";`
    )
  }
}
