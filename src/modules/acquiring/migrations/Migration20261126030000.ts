import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Per account: when payments are captured, and which carts its providers may serve. */
export class Migration20261126030000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "acquiring_account" add column if not exists "capture_on" text check ("capture_on" in ('authorisation', 'fulfilment', 'shipment', 'manual')) null, add column if not exists "availability" jsonb null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "acquiring_account" drop column if exists "capture_on", drop column if exists "availability";`
    )
  }
}
