import { Migration } from "@medusajs/framework/mikro-orm/migrations"
import { DELETE_REFUSED_EVENTS, FOLD_REFUSED_EVENTS } from "../refusal-sql"

/**
 * Refused notifications counted per hour, provider, reason and (for a real
 * payment) order number, instead of a history row each; the refused rows
 * written before are folded into those counters and removed.
 */
export class Migration20261129100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "acquiring_notification_refusal" ("id" text not null, "provider_id" text not null, "reason" text check ("reason" in ('bad_signature', 'other_account', 'invalid_content', 'unknown_order', 'unreadable', 'account_gone')) not null, "order_no" text null, "session_id" text null, "hour" timestamptz not null, "count" integer not null default 0, "first_seen_at" timestamptz not null, "last_seen_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_notification_refusal_pkey" primary key ("id"));`
    )
    for (const column of ["hour", "order_no", "session_id", "last_seen_at"])
      this.addSql(
        `CREATE INDEX IF NOT EXISTS "IDX_acquiring_notification_refusal_${column}" ON "acquiring_notification_refusal" ("${column}") WHERE deleted_at IS NULL;`
      )
    // the history's refused notifications (one row each, by order number) become counters of the hour they arrived in
    this.addSql(FOLD_REFUSED_EVENTS)
    this.addSql(DELETE_REFUSED_EVENTS)
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop table if exists "acquiring_notification_refusal" cascade;`
    )
  }
}
