/**
 * Each figure of the payments overview as a CSV, the rows the page charts,
 * written with the plugin's one rule for cells (csv-export): what finance
 * opens in a spreadsheet is the page's numbers, never a formula.
 */
import { csvTable } from "../csv-export/csv-table"
import type {
  OverviewFigure,
  PaymentsOverviewAnswer,
} from "../admin-contract/payments-overview"

const text = (value: number | string | null) =>
  value === null ? "" : String(value)

export function overviewCsv(
  answer: PaymentsOverviewAnswer,
  figure: OverviewFigure
): string {
  switch (figure) {
    case "attempts":
      return csvTable(
        [
          "day",
          "currency",
          "attempts",
          "approved",
          "declined",
          "awaiting_transfer",
          "waiting",
          "three_d_secure_asked",
          "three_d_secure_passed",
          "three_d_secure_failed",
          "three_d_secure_abandoned",
          "hosted_page_opened",
          "hosted_page_paid",
          "hosted_page_abandoned",
        ],
        answer.days.map((d) => ({
          day: d.day,
          currency: d.currency,
          attempts: text(d.attempts),
          approved: text(d.approved),
          declined: text(d.declined),
          awaiting_transfer: text(d.awaiting_transfer),
          waiting: text(d.waiting),
          three_d_secure_asked: text(d.three_d_secure.asked),
          three_d_secure_passed: text(d.three_d_secure.passed),
          three_d_secure_failed: text(d.three_d_secure.failed),
          three_d_secure_abandoned: text(d.three_d_secure.abandoned),
          hosted_page_opened: text(d.hosted_page.opened),
          hosted_page_paid: text(d.hosted_page.paid),
          hosted_page_abandoned: text(d.hosted_page.abandoned),
        }))
      )
    case "declines":
      return csvTable(
        ["currency", "code", "meaning", "count"],
        answer.declines.map((d) => ({ ...d, count: text(d.count) }))
      )
    case "methods":
      return csvTable(
        ["method", "attempts", "approved"],
        answer.methods.map((m) => ({
          method: m.method,
          attempts: text(m.attempts),
          approved: text(m.approved),
        }))
      )
    case "money":
      return csvTable(
        [
          "day",
          "currency",
          "captured_count",
          "captured_amount",
          "refunded_count",
          "refunded_amount",
        ],
        answer.money.map((m) => ({
          day: m.day,
          currency: m.currency,
          captured_count: text(m.captured.count),
          captured_amount: m.captured.amount,
          refunded_count: text(m.refunded.count),
          refunded_amount: m.refunded.amount,
        }))
      )
    case "chargebacks":
      return csvTable(
        [
          "month",
          "opened",
          "won",
          "lost",
          "captured_payments",
          "ratio_percent",
          "threshold_percent",
        ],
        answer.chargebacks.map((c) => ({
          month: c.month,
          opened: text(c.opened),
          won: text(c.won),
          lost: text(c.lost),
          captured_payments: text(c.captured_payments),
          ratio_percent: text(c.ratio_percent),
          threshold_percent: answer.chargeback_threshold_percent,
        }))
      )
    case "order_lag":
      return csvTable(
        ["day", "orders", "median_seconds", "p95_seconds", "max_seconds"],
        answer.order_lag.map((l) => ({ ...l, orders: text(l.orders) }))
      )
  }
}
