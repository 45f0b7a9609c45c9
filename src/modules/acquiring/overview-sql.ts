/**
 * The payments overview's statements: counts by UTC day and currency from
 * the attempt outcomes, money moved from the journal, chargebacks by month.
 * Every one reads a period through an index on its time column; amounts are
 * summed as numeric (exact) and answered as text.
 */
import type { Statement } from "./statement"

export interface OverviewFilters {
  /** inclusive start and exclusive end of the period */
  from: Date
  to: Date
  /** one account: its id, or null for the payments made with medusa-config alone; undefined for all */
  account_id?: string | null
}

/** The attempts of the account filter, as a condition on an outcome row `alias`. */
function accountCondition(alias: string, filters: OverviewFilters): Statement {
  if (filters.account_id === undefined) return { text: "true", values: [] }
  if (filters.account_id === null)
    return { text: `${alias}."account_id" is null`, values: [] }
  return { text: `${alias}."account_id" = ?`, values: [filters.account_id] }
}

/**
 * A journal or chargeback row whose session's attempts are of the account
 * filter: the account's sessions are read once through its index and
 * hashed, rather than probed once per row.
 */
function sessionOfAccount(alias: string, filters: OverviewFilters): Statement {
  if (filters.account_id === undefined) return { text: "true", values: [] }
  const account = accountCondition("x", filters)
  return {
    text: `${alias}."session_id" in (select x."session_id" from "acquiring_attempt_outcome" x where x."deleted_at" is null and ${account.text})`,
    values: account.values,
  }
}

const DAY = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`

/**
 * A card submitted on the storefront with 3-D Secure asked: the plugin sees
 * its challenge. On the hosted page authentication happens inside the
 * acquirer's page; its outcome shows in the hosted page's figures and a
 * failure among the declines (E0010).
 */
const CARD_3DS = `o."kind" = 'authorise' and o."three_d_secure_asked"`

/** The states in which an attempt holds or took the shopper's money. */
const APPROVED = `('authorized', 'captured')`

/** A declined attempt's code as its row keeps it; "" when the acquirer gave none. */
const DECLINE_CODE = `coalesce(o."result_code", '')`

export interface AttemptDayRow {
  day: string
  currency: string
  attempts: string
  approved: string
  declined: string
  awaiting_transfer: string
  waiting: string
  three_ds_asked: string
  three_ds_passed: string
  three_ds_failed: string
  three_ds_abandoned: string
  hosted_opened: string
  hosted_paid: string
  hosted_abandoned: string
}

/**
 * Attempts of the period by day and currency. Waiting: no outcome yet, and
 * either unknown (a lost answer) or younger than `abandonAfterMinutes`;
 * older, the shopper gave up. 3-D Secure (card attempts): failed, declined
 * with E0010; abandoned, asked and left waiting, or voided, for longer. A hosted page
 * is abandoned when it was neither paid nor declined within that time.
 */
export function attemptsByDay(
  filters: OverviewFilters,
  abandonAfterMinutes: number
): Statement {
  const account = accountCondition("o", filters)
  const stale = `o."started_at" < now() - (? * interval '1 minute')`
  return {
    text: `select ${DAY(`o."started_at"`)} as "day", coalesce(o."currency", '') as "currency",
        count(*) as "attempts",
        count(*) filter (where o."state" in ${APPROVED}) as "approved",
        count(*) filter (where o."state" = 'declined') as "declined",
        count(*) filter (where o."state" = 'awaiting_transfer') as "awaiting_transfer",
        count(*) filter (where o."state" in ('sent', 'unknown') or (o."state" in ('pending', 'requires_more') and not ${stale})) as "waiting",
        count(*) filter (where ${CARD_3DS}) as "three_ds_asked",
        count(*) filter (where ${CARD_3DS} and o."state" in ${APPROVED}) as "three_ds_passed",
        count(*) filter (where ${CARD_3DS} and o."state" = 'declined' and ${DECLINE_CODE} = 'E0010') as "three_ds_failed",
        count(*) filter (where ${CARD_3DS} and (o."state" in ('pending', 'requires_more', 'absent', 'void')) and ${stale}) as "three_ds_abandoned",
        count(*) filter (where o."kind" = 'checkout') as "hosted_opened",
        count(*) filter (where o."kind" = 'checkout' and o."state" in ('authorized', 'captured', 'awaiting_transfer')) as "hosted_paid",
        count(*) filter (where o."kind" = 'checkout' and o."state" in ('pending', 'requires_more', 'absent', 'void') and ${stale}) as "hosted_abandoned"
      from "acquiring_attempt_outcome" o
      where o."deleted_at" is null and o."started_at" >= ? and o."started_at" < ? and ${account.text}
      group by 1, 2 order by 1, 2`,
    values: [
      abandonAfterMinutes,
      abandonAfterMinutes,
      abandonAfterMinutes,
      filters.from,
      filters.to,
      ...account.values,
    ],
  }
}

export interface DeclineRow {
  currency: string
  code: string
  count: string
}

/** Declined attempts of the period by the acquirer's code. */
export function declinesByCode(filters: OverviewFilters): Statement {
  const account = accountCondition("o", filters)
  return {
    text: `select coalesce(o."currency", '') as "currency", ${DECLINE_CODE} as "code", count(*) as "count"
      from "acquiring_attempt_outcome" o
      where o."deleted_at" is null and o."state" = 'declined' and o."started_at" >= ? and o."started_at" < ? and ${account.text}
      group by 1, 2 order by 3 desc, 2`,
    values: [filters.from, filters.to, ...account.values],
  }
}

export interface MethodRow {
  method: string
  attempts: string
  approved: string
}

/** Attempts and approvals of the period by payment method (unknown: a hosted page the shopper left before choosing). */
export function methodsUsed(filters: OverviewFilters): Statement {
  const account = accountCondition("o", filters)
  return {
    text: `select coalesce(o."payment_method", '') as "method", count(*) as "attempts",
        count(*) filter (where o."state" in ${APPROVED} or o."state" = 'awaiting_transfer') as "approved"
      from "acquiring_attempt_outcome" o
      where o."deleted_at" is null and o."started_at" >= ? and o."started_at" < ? and ${account.text}
      group by 1 order by 2 desc, 1`,
    values: [filters.from, filters.to, ...account.values],
  }
}

export interface MoneyDayRow {
  day: string
  kind: "capture" | "refund"
  currency: string
  count: string
  amount: string
}

/** Captures and refunds the acquirer confirmed, by the day they were settled, per currency. */
export function moneyByDay(filters: OverviewFilters): Statement {
  const account = sessionOfAccount("op", filters)
  return {
    text: `select ${DAY(`op."settled_at"`)} as "day", op."kind" as "kind", coalesce(op."currency", '') as "currency",
        count(*) as "count", coalesce(sum(op."amount"::numeric), 0)::text as "amount"
      from "acquiring_operation" op
      where op."deleted_at" is null and op."kind" in ('capture', 'refund') and op."state" in ('done', 'recorded')
        and op."settled_at" >= ? and op."settled_at" < ? and ${account.text}
      group by 1, 2, 3 order by 1, 2, 3`,
    values: [filters.from, filters.to, ...account.values],
  }
}

export interface ChargebackMonthRow {
  month: string
  opened: string
  won: string
  lost: string
  captured_payments: string
}

/**
 * Per calendar month (UTC) of the period: chargebacks opened, won and lost
 * (by the month they were decided), and the payments captured that month
 * (a payment captured in parts counts once), which the chargeback ratio
 * divides by.
 */
export function chargebacksByMonth(filters: OverviewFilters): Statement {
  const cb = sessionOfAccount("c", filters)
  const op = sessionOfAccount("op", filters)
  const month = (column: string) =>
    `to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`
  return {
    text: `with "months" as (
        select ${month(`c."opened_at"`)} as "month", 'opened' as "what", c."id" as "ref" from "acquiring_chargeback" c
          where c."deleted_at" is null and c."opened_at" >= ? and c."opened_at" < ? and ${cb.text}
        union all
        select ${month(`c."decided_at"`)}, lower(c."status"), c."id" from "acquiring_chargeback" c
          where c."deleted_at" is null and c."status" <> 'OPEN' and c."decided_at" >= ? and c."decided_at" < ? and ${cb.text}
        union all
        select ${month(`op."settled_at"`)}, 'captured', coalesce(op."payment_id", op."id") from "acquiring_operation" op
          where op."deleted_at" is null and op."kind" = 'capture' and op."state" in ('done', 'recorded')
            and op."settled_at" >= ? and op."settled_at" < ? and ${op.text})
      select "month",
        count(*) filter (where "what" = 'opened') as "opened",
        count(*) filter (where "what" = 'won') as "won",
        count(*) filter (where "what" = 'lost') as "lost",
        count(distinct "ref") filter (where "what" = 'captured') as "captured_payments"
      from "months" group by 1 order by 1`,
    values: [
      filters.from,
      filters.to,
      ...cb.values,
      filters.from,
      filters.to,
      ...cb.values,
      filters.from,
      filters.to,
      ...op.values,
    ],
  }
}

export interface WaitingRow {
  waiting: string
  oldest: Date | null
  /** the first attempt recorded at all (any account): the figures begin there */
  first: Date | null
}

/** Attempts whose outcome is unknown now, whatever the period: how many, and since when. */
export function waitingNow(filters: OverviewFilters): Statement {
  const account = accountCondition("o", filters)
  return {
    text: `select count(*) as "waiting", min(o."started_at") as "oldest",
        (select min(f."started_at") from "acquiring_attempt_outcome" f where f."deleted_at" is null) as "first"
      from "acquiring_attempt_outcome" o
      where o."deleted_at" is null and o."state" in ('sent', 'unknown') and ${account.text}`,
    values: account.values,
  }
}

export interface OrderLagRow {
  day: string
  orders: string
  median_s: string
  p95_s: string
  max_s: string
}

/**
 * Per day of the period: approved attempts an order took, and the seconds
 * from the approval as the plugin recorded it (the acquirer's answer, a
 * notification, the status query) to the order, median, 95th percentile
 * and longest, to a tenth of a second.
 */
export function orderLagByDay(filters: OverviewFilters): Statement {
  const account = accountCondition("o", filters)
  const lag = `round(greatest(0, extract(epoch from o."ordered_at" - o."approved_at"))::numeric, 1)`
  return {
    text: `select ${DAY(`o."started_at"`)} as "day", count(*) as "orders",
        percentile_disc(0.5) within group (order by ${lag})::text as "median_s",
        percentile_disc(0.95) within group (order by ${lag})::text as "p95_s",
        max(${lag})::text as "max_s"
      from "acquiring_attempt_outcome" o
      where o."deleted_at" is null and o."started_at" >= ? and o."started_at" < ? and ${account.text}
        and o."approved_at" is not null and o."ordered_at" is not null
      group by 1 order by 1`,
    values: [filters.from, filters.to, ...account.values],
  }
}

/** The statements of one answer of the overview, by the figure each reads: the module runs them, the bench times them. */
export function overviewStatements(
  filters: OverviewFilters,
  abandonAfterMinutes: number
) {
  return {
    days: attemptsByDay(filters, abandonAfterMinutes),
    declines: declinesByCode(filters),
    methods: methodsUsed(filters),
    money: moneyByDay(filters),
    chargebacks: chargebacksByMonth(filters),
    order_lag: orderLagByDay(filters),
    waiting: waitingNow(filters),
  }
}
