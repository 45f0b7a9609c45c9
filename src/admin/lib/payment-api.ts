/** Answers of /admin/acquiring/payments/:id, as the order widget reads them. */
export interface AcquiringPayment {
  id: string
  provider_id: string
  status:
    | "pending"
    | "requires_more"
    | "authorized"
    | "captured"
    | "canceled"
    | "error"
  result: { code: string; text: string } | null
  three_ds: { result: string | null }
  risk: { action: string | null; score: string | null; reasons: string[] }
  card_masked: string | null
  amount: string | null
  currency: string | null
  /** what the acquirer captured, once captured */
  captured_amount?: string | null
  /** what a partial capture left authorised, released by the acquirer */
  released_amount?: string | null
  refunds: { refund_reference_id: string; amount: string }[]
  review: "held" | "released" | "rejected" | null
  account: { id: string | null; name: string | null; mode: "test" | "live" }
  transaction_id: string | null
  order_no: string | null
  void_pending: boolean
  confirming: boolean
  order_id: string | null
  captured_at: string | null
  canceled_at: string | null
  decided: {
    decision: "release" | "reject"
    by: string | null
    by_email: string | null
    at: string
  } | null
  /** paid_with: the payment used a saved card; kept: the payment saved the card for the customer */
  saved_card: { id: string; kept: boolean; paid_with: boolean } | null
  /** authorised, uncaptured: when the authorisation lapses (may be past) */
  lapses_at?: string | null
  /** cancelled once the authorisation had lapsed: when it lapsed */
  lapsed_at?: string | null
  authorisation_lifetime_days?: number
  /** when the payment's account captures; null once the account is gone (a server without it leaves it out) */
  capture_on?: "authorisation" | "fulfilment" | "shipment" | "manual" | null
  /** lapsed, paid with a card still kept, on an order that owes: the widget offers a re-authorisation */
  reauthorisable?: boolean
  /** what a re-authorisation asks for (what the order owes) */
  reauthorisation?: { amount: string; currency: string } | null
}

/** POST /admin/acquiring/payments/:id/reauthorise: 200 authorised, 202 being confirmed. */
export interface ReauthoriseAnswer {
  payment_session_id: string
  status: "authorized" | "pending"
  message?: string
}

export interface SyncAnswer {
  payment: AcquiringPayment
  sync: { reached: boolean; changed: string[]; message: string }
}

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
export function authorisationLapseNote(
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
