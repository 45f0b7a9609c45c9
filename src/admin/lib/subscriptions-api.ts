export type {
  AdminSubscriptionView,
  SubscriptionListAnswer,
  SubscriptionStatus,
} from "../../admin-contract/subscriptions"
import type {
  AdminSubscriptionView,
  SubscriptionStatus,
} from "../../admin-contract/subscriptions"

/** The status as the page's badge says it, and its colour. */
export const STATUS_BADGE: Record<
  SubscriptionStatus,
  { label: string; color: "green" | "orange" | "grey" | "red" }
> = {
  active: { label: "Active", color: "green" },
  cancelling: { label: "Cancellation unconfirmed", color: "orange" },
  cancelled: { label: "Cancelled", color: "grey" },
  ended: { label: "Ended after failed deductions", color: "red" },
}

const UNITS: Record<string, [string, string]> = {
  day: ["day", "days"],
  week: ["week", "weeks"],
  month: ["month", "months"],
  year: ["year", "years"],
}

/** "every month", "every 2 weeks"; empty when the acquirer did not say. */
export function intervalText(
  subscription: Pick<AdminSubscriptionView, "interval" | "interval_count">
): string {
  const unit = subscription.interval ? UNITS[subscription.interval] : undefined
  if (!unit) return ""
  const count = Number(subscription.interval_count ?? "1") || 1
  return count === 1 ? `every ${unit[0]}` : `every ${count} ${unit[1]}`
}

/** The latest decline in words: "Deduction 3: card lapsed (E0011:…)". */
export function declineText(
  decline: AdminSubscriptionView["last_decline"]
): string {
  if (!decline) return ""
  const what =
    decline.reason === "card_lapsed"
      ? "card lapsed"
      : decline.reason === "ended"
        ? "subscription ended"
        : "declined"
  return `Deduction ${decline.deduction_number}: ${what}${decline.code ? ` (${decline.code})` : ""}`
}
