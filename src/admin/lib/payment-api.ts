export type {
  AcquiringPayment,
  ReauthorizeAnswer,
  SyncAnswer,
} from "../../admin-contract/payments"
import type { AcquiringPayment } from "../../admin-contract/payments"

/** What the payment card says of the saved card a payment used or saved. */
export function savedCardNotes(
  savedCard: AcquiringPayment["saved_card"]
): string[] {
  // a server without saved cards leaves the field out
  if (!savedCard) return []
  return [
    ...(savedCard.paid_with ? ["Paid with a saved card"] : []),
    ...(savedCard.kept ? ["Card saved for the customer"] : []),
  ]
}

/** A local calendar date as YYYY-MM-DD. */
function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** Calendar days from `now` to `then`, in the admin's time zone. */
function daysUntil(then: Date, now: Date): number {
  const midnight = (d: Date) =>
    new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
  return Math.round((midnight(then) - midnight(now)) / 86_400_000)
}

/**
 * What the payment card says of the authorisation's lapse: "Authorisation
 * lapses in 2 days", "… lapses today", "Authorisation lapsed on <date>";
 * null when nothing lapses (captured, voided, or a server without it).
 */
export function authorizationLapseNote(
  payment: Pick<AcquiringPayment, "lapses_at" | "lapsed_at">,
  now: Date = new Date()
): { text: string; lapsed: boolean } | null {
  if (payment.lapsed_at) {
    return {
      text: `Authorisation lapsed on ${localDate(new Date(payment.lapsed_at))}`,
      lapsed: true,
    }
  }
  if (!payment.lapses_at) return null
  const lapse = new Date(payment.lapses_at)
  if (lapse.getTime() <= now.getTime())
    return {
      text: `Authorisation lapsed on ${localDate(lapse)}`,
      lapsed: true,
    }
  const days = daysUntil(lapse, now)
  return {
    text:
      days <= 0
        ? "Authorisation lapses today"
        : `Authorisation lapses in ${days} day${days === 1 ? "" : "s"}`,
    lapsed: false,
  }
}
