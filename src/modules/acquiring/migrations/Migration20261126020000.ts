import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The audit keeps each changed field's value before and after (the sign key only as set or replaced). */
export class Migration20261126020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "acquiring_settings_change" add column if not exists "changes" jsonb null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "acquiring_settings_change" drop column if exists "changes";`
    )
  }
}
