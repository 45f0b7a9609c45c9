/**
 * How a chargeback reads in the order widget and on the Chargebacks page.
 * Deadlines are whole days: the acquirer sets a day to respond by, and the
 * server's own texts name it in UTC, so these do too.
 */
import type { AcquiringChargebackView } from "./chargebacks-api"
import { amountText } from "./amount-text"

const DAY_MS = 86_400_000

const DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
})

/** `10 Dec 2026`; a dash when there is no date. */
export function dayText(iso: string | null | undefined): string {
  return iso ? DAY.format(new Date(iso)) : "–"
}

/** `4837 No cardholder authorisation` */
export function chargebackReason(
  chargeback: Pick<AcquiringChargebackView, "reason_code" | "reason_text">
): string {
  const parts = [chargeback.reason_code, chargeback.reason_text].filter(Boolean)
  return parts.length ? parts.join(" ") : "no reason given"
}

export type RespondByUrgency = { level: "overdue" | "soon"; text: string }

/**
 * An open chargeback whose day to respond by is past, or 3 days away or
 * less: worded, so the highlight does not rest on colour alone. Nothing for
 * a later day or a decided one.
 */
export function respondByUrgency(
  chargeback: Pick<AcquiringChargebackView, "status" | "respond_by">,
  now: Date = new Date()
): RespondByUrgency | null {
  if (chargeback.status !== "OPEN" || !chargeback.respond_by) return null
  const due = new Date(chargeback.respond_by)
  const utcDay = (d: Date) =>
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
  const days = Math.round((utcDay(due) - utcDay(now)) / DAY_MS)
  if (days < 0) return { level: "overdue", text: "overdue" }
  if (days > 3) return null
  if (days === 0) return { level: "soon", text: "due today" }
  return {
    level: "soon",
    text: `${days} day${days === 1 ? "" : "s"} left`,
  }
}

const money = (c: Pick<AcquiringChargebackView, "amount" | "currency">) =>
  amountText(c.amount, c.currency) ?? c.amount

/** The order widget's line for one chargeback, by its status. */
export function chargebackLine(chargeback: AcquiringChargebackView): string {
  switch (chargeback.status) {
    case "OPEN":
      return `Disputed: ${money(chargeback)}, reason ${chargebackReason(chargeback)}, respond in the merchant portal by ${dayText(chargeback.respond_by)}`
    case "WON":
      return `Won: ${money(chargeback)} paid back${chargeback.decided_at ? ` (decided ${dayText(chargeback.decided_at)})` : ""}`
    case "LOST":
      // recorded by the plugin after the decision: a moment may pass between
      return chargeback.accounted_at
        ? `Lost: ${money(chargeback)} recorded as a refund on ${dayText(chargeback.accounted_at)}`
        : `Lost: ${money(chargeback)}, being recorded as a refund`
  }
}
