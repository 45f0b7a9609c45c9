import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Subscription deductions and the renewal orders they became. */
export class Migration20261129120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "acquiring_deduction" ("id" text not null, "provider_id" text not null, "order_no" text not null, "first_order_no" text not null, "first_session_id" text not null, "recurring_id" text null, "deduction_number" integer not null, "retry_number" integer not null default 0, "status" text check ("status" in ('paid', 'declined', 'ended')) not null, "result_code" text null, "transaction_id" text null, "currency" text not null, "amount" text not null, "next_deduction_time" text null, "order_id" text null, "ordered_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_deduction_pkey" primary key ("id"));`
    )
    this.addSql(
      `create unique index if not exists "IDX_acquiring_deduction_order_no_unique" on "acquiring_deduction" ("order_no") where deleted_at is null;`
    )
    this.addSql(
      `create index if not exists "IDX_acquiring_deduction_first_order_no" on "acquiring_deduction" ("first_order_no") where deleted_at is null;`
    )
    this.addSql(
      `create index if not exists "IDX_acquiring_deduction_status_ordered_at" on "acquiring_deduction" ("status", "ordered_at") where deleted_at is null;`
    )
    this.addSql(
      `create index if not exists "IDX_acquiring_deduction_deleted_at" on "acquiring_deduction" ("deleted_at") where deleted_at is null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_deduction" cascade;`)
  }
}
