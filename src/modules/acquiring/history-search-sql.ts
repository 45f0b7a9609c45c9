/**
 * The history search's statement: journal operations, events and the
 * counters of refused notifications (at their latest refusal) in one list,
 * newest first, each filter exact.
 */
import type { Statement } from "./statement"
import type {
  AcquiringNotificationRefusalRow,
  AcquiringOperationRow,
} from "./types"

export interface HistoryFilters {
  order_no?: string | string[]
  transaction_id?: string
  operation?: string | string[]
  outcome?: string | string[]
  from?: Date
  to?: Date
}

/** A row of the history search: a journal operation (`source` request) or an event. */
export interface HistoryRow {
  source: string
  operation: string
  outcome: string
  summary: string | null
  order_no: string | null
  transaction_id: string | null
  payment_id: string | null
  session_id: string | null
  amount: string | null
  currency: string | null
  result_code: string | null
  result_text: string | null
  tries: number | null
  acquirer_reference: string | null
  actor: string | null
  created_at: Date
  settled_at: Date | null
  kind: AcquiringOperationRow["kind"] | null
  /** a counter of refused notifications (`source` refused): its reason, count, hour and first refusal */
  reason: AcquiringNotificationRefusalRow["reason"] | null
  count: number | null
  hour: Date | null
  first_seen_at: Date | null
}

export function historySearch(
  filters: HistoryFilters,
  page: { limit: number; offset: number }
): Statement {
  const where: string[] = []
  const values: unknown[] = []
  const exact = (column: string, value: string | string[] | undefined) => {
    if (value === undefined) return
    const list = Array.isArray(value) ? value : [value]
    where.push(`"${column}" in (${list.map(() => "?").join(", ") || "null"})`)
    values.push(...list)
  }
  exact("order_no", filters.order_no)
  exact("transaction_id", filters.transaction_id)
  exact("operation", filters.operation)
  exact("outcome", filters.outcome)
  if (filters.from) {
    where.push(`"created_at" >= ?`)
    values.push(filters.from)
  }
  if (filters.to) {
    where.push(`"created_at" <= ?`)
    values.push(filters.to)
  }
  return {
    text: `select *, count(*) over () as "total" from (
         select 'request' as "source", "kind" as "operation", "state" as "outcome", null as "summary", "order_no", "transaction_id", "payment_id", "session_id", "amount", "currency", "result_code", "result_text", "tries", "acquirer_reference", null as "actor", "created_at", "settled_at", "kind", null as "reason", null::int as "count", null::timestamptz as "hour", null::timestamptz as "first_seen_at"
           from "acquiring_operation" where "deleted_at" is null
         union all
         select "kind" as "source", coalesce("operation", "kind") as "operation", "outcome", "summary", "order_no", "transaction_id", "payment_id", "session_id", "amount", "currency", null, null, null, null, "actor", "created_at", null, null, null, null, null, null
           from "acquiring_payment_event" where "deleted_at" is null
         union all
         select 'refused', 'refused', 'refused', null, "order_no", null, null, "session_id", null, null, null, null, null, null, null, "last_seen_at", null, null, "reason", "count", "hour", "first_seen_at"
           from "acquiring_notification_refusal" where "deleted_at" is null
       ) as "history"
       ${where.length ? `where ${where.join(" and ")}` : ""}
       order by "created_at" desc limit ? offset ?`,
    values: [...values, page.limit, page.offset],
  }
}
