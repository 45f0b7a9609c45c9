/**
 * The payments overview of a period and account: the module's readings
 * shaped for the admin page, counts as numbers, amounts as decimal strings
 * per currency, and the chargeback ratio against the schemes' threshold.
 */
import { toDecimal } from "../gateway/index"
import { meaningOf } from "./decline-meaning"
import {
  CONFIG_ACCOUNT,
  type OverviewChargebackMonth,
  type OverviewDay,
  type OverviewMoneyDay,
  type PaymentsOverviewAnswer,
  type PaymentsOverviewQueryType,
} from "../admin-contract/payments-overview"
import { acquiringModule } from "../modules/acquiring/module-access"
import type {
  AttemptDayRow,
  ChargebackMonthRow,
  MoneyDayRow,
} from "../modules/acquiring/overview-sql"

/** A 3-D Secure challenge or a hosted page still open after this long was given up. */
export const ABANDONED_AFTER_MINUTES = 60

/** A count as PostgreSQL answers it (bigint as text), or none, as a number. */
export const count = (value: string | number | null | undefined) =>
  Number(value ?? 0)

function dayOf(row: AttemptDayRow): OverviewDay {
  return {
    day: row.day,
    currency: row.currency,
    attempts: count(row.attempts),
    approved: count(row.approved),
    declined: count(row.declined),
    awaiting_transfer: count(row.awaiting_transfer),
    waiting: count(row.waiting),
    three_d_secure: {
      asked: count(row.three_ds_asked),
      passed: count(row.three_ds_passed),
      failed: count(row.three_ds_failed),
      abandoned: count(row.three_ds_abandoned),
    },
    hosted_page: {
      opened: count(row.hosted_opened),
      paid: count(row.hosted_paid),
      abandoned: count(row.hosted_abandoned),
    },
  }
}

/** Captures and refunds of a day and currency side by side. */
function moneyDays(rows: MoneyDayRow[]): OverviewMoneyDay[] {
  const days = new Map<string, OverviewMoneyDay>()
  for (const row of rows) {
    const key = `${row.day} ${row.currency}`
    const day = days.get(key) ?? {
      day: row.day,
      currency: row.currency,
      captured: { count: 0, amount: "0" },
      refunded: { count: 0, amount: "0" },
    }
    day[row.kind === "capture" ? "captured" : "refunded"] = {
      count: count(row.count),
      amount: row.amount,
    }
    days.set(key, day)
  }
  return [...days.values()]
}

/**
 * Chargebacks opened over payments captured, as a percentage rounded half
 * up to two decimals (the gateway's decimals round half up), and whether it reached the
 * threshold; null when nothing was captured, so no ratio can be told.
 */
export function chargebackRatio(
  opened: number,
  captured: number,
  thresholdPercent: string
): { ratio_percent: string | null; at_or_over_threshold: boolean } {
  if (!captured) return { ratio_percent: null, at_or_over_threshold: false }
  const ratio = toDecimal(opened).times(100).div(captured).decimalPlaces(2)
  return {
    ratio_percent: ratio.toFixed(2),
    at_or_over_threshold: ratio.gte(thresholdPercent),
  }
}

function chargebackMonth(
  row: ChargebackMonthRow,
  thresholdPercent: string
): OverviewChargebackMonth {
  const opened = count(row.opened)
  const captured = count(row.captured_payments)
  return {
    month: row.month,
    opened,
    won: count(row.won),
    lost: count(row.lost),
    captured_payments: captured,
    ...chargebackRatio(opened, captured, thresholdPercent),
  }
}

export async function paymentsOverview(
  query: PaymentsOverviewQueryType,
  thresholdPercent: string
): Promise<PaymentsOverviewAnswer> {
  const to = new Date(`${query.to}T00:00:00.000Z`)
  to.setUTCDate(to.getUTCDate() + 1)
  const read = await acquiringModule().paymentsOverview(
    {
      from: new Date(`${query.from}T00:00:00.000Z`),
      to,
      ...(query.account === undefined
        ? {}
        : {
            account_id: query.account === CONFIG_ACCOUNT ? null : query.account,
          }),
    },
    ABANDONED_AFTER_MINUTES
  )
  return {
    from: query.from,
    to: query.to,
    account: query.account ?? null,
    recorded_since: read.waiting.first
      ? new Date(read.waiting.first).toISOString()
      : null,
    abandoned_after_minutes: ABANDONED_AFTER_MINUTES,
    days: read.days.map(dayOf),
    declines: read.declines.map((row) => ({
      currency: row.currency,
      code: row.code,
      meaning: meaningOf(row.code),
      count: count(row.count),
    })),
    methods: read.methods.map((row) => ({
      method: row.method,
      attempts: count(row.attempts),
      approved: count(row.approved),
    })),
    money: moneyDays(read.money),
    chargebacks: read.chargebacks.map((row) =>
      chargebackMonth(row, thresholdPercent)
    ),
    chargeback_threshold_percent: thresholdPercent,
    order_lag: read.order_lag.map((row) => ({
      day: row.day,
      orders: count(row.orders),
      median_seconds: row.median_s,
      p95_seconds: row.p95_s,
      max_seconds: row.max_s,
    })),
    unsettled: {
      count: count(read.waiting.waiting),
      oldest_started_at: read.waiting.oldest
        ? new Date(read.waiting.oldest).toISOString()
        : null,
    },
  }
}
