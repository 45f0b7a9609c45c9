import { Migration } from "@medusajs/framework/mikro-orm/migrations"
import { keepAttemptOutcomes } from "../attempt-outcome-sql"

/**
 * One row per attempt at the acquirer, for the payments overview (the
 * attempts of the states stored before are written in the same step, when
 * they were approved and ordered left unknown), and
 * its alerts, one per cause and hour.
 */
export class Migration20261130140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "acquiring_attempt_outcome" ("id" text not null, "session_id" text not null, "kind" text check ("kind" in ('authorise', 'checkout')) not null, "state" text not null, "account_id" text null, "mode" text null, "currency" text null, "amount" text null, "payment_method" text null, "three_d_secure_asked" boolean not null default false, "started_at" timestamptz not null, "result_code" text null, "approved_at" timestamptz null, "ordered_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_attempt_outcome_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_attempt_outcome_started_at" ON "acquiring_attempt_outcome" ("started_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_attempt_outcome_account_id_started_at" ON "acquiring_attempt_outcome" ("account_id", "started_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_attempt_outcome_session_id" ON "acquiring_attempt_outcome" ("session_id") WHERE deleted_at IS NULL;`
    )
    // the overview's other readings: payments waiting on an outcome, money settled, chargebacks by date
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_attempt_outcome_unsettled" ON "acquiring_attempt_outcome" ("started_at") WHERE deleted_at IS NULL AND "state" IN ('sent', 'unknown');`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_acquiring_operation_kind_settled_at" ON "acquiring_operation" ("kind", "settled_at") WHERE deleted_at IS NULL;`
    )
    for (const column of ["opened_at", "decided_at"])
      this.addSql(
        `CREATE INDEX IF NOT EXISTS "IDX_acquiring_chargeback_${column}" ON "acquiring_chargeback" ("${column}") WHERE deleted_at IS NULL;`
      )
    this.addSql(
      `create table if not exists "acquiring_alert" ("id" text not null, "cause" text not null, "hour" timestamptz not null, "summary" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_alert_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_acquiring_alert_cause_hour_unique" ON "acquiring_alert" ("cause", "hour");`
    )
    this.addSql(
      `${keepAttemptOutcomes(`(select "id", "data" from "acquiring_session_state" where "deleted_at" is null)`, { approvedNow: false })};`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_attempt_outcome" cascade;`)
    this.addSql(`drop table if exists "acquiring_alert" cascade;`)
    this.addSql(
      `DROP INDEX IF EXISTS "IDX_acquiring_operation_kind_settled_at", "IDX_acquiring_chargeback_opened_at", "IDX_acquiring_chargeback_decided_at";`
    )
  }
}
