import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The journal also records subscription cancellations. */
export class Migration20261123180000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "acquiring_operation" drop constraint if exists "acquiring_operation_kind_check";`
    )
    this.addSql(
      `alter table if exists "acquiring_operation" add constraint "acquiring_operation_kind_check" check("kind" in ('authorise', 'checkout', 'capture', 'void', 'review', 'refund', 'cancel_subscription'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "acquiring_operation" drop constraint if exists "acquiring_operation_kind_check";`
    )
    this.addSql(
      `alter table if exists "acquiring_operation" add constraint "acquiring_operation_kind_check" check("kind" in ('authorise', 'checkout', 'capture', 'void', 'review', 'refund'));`
    )
  }
}
