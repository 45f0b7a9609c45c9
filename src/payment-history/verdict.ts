/** Where a payment stands, in one sentence an operator can act on. */
import { amountText } from "../admin-contract/amount-text"
import type { AcquiringChargebackView } from "../admin-contract/chargebacks"
import type { AcquiringOperationRow } from "../modules/acquiring/types"
import type { SessionData } from "../payment-sessions/session-data"

/** The reconcile job runs every quarter hour: its next run after `now`. */
export function nextReconcile(now: Date): Date {
  const next = new Date(now)
  next.setUTCSeconds(0, 0)
  next.setUTCMinutes(Math.floor(now.getUTCMinutes() / 15) * 15 + 15)
  return next
}

const clock = (date: Date) =>
  `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`

export interface VerdictFacts {
  data: Pick<
    SessionData,
    | "status"
    | "amount"
    | "currency"
    | "captured_amount"
    | "refunds"
    | "void_pending"
  > & { attempts?: { state: string }[] }
  captured_at: string | null
  canceled_at: string | null
  unsettled: Pick<
    AcquiringOperationRow,
    "kind" | "state" | "amount" | "currency"
  >[]
  chargebacks: Pick<
    AcquiringChargebackView,
    "reference" | "status" | "amount" | "currency" | "respond_by"
  >[]
  now: Date
}

export function paymentVerdict(facts: VerdictFacts): string {
  const { data, now } = facts
  const open = facts.chargebacks.find((c) => c.status === "OPEN")
  if (open)
    return `Disputed: chargeback ${open.reference} withholds ${amountText(open.amount, open.currency)}; respond in the acquirer's merchant portal by ${open.respond_by ? open.respond_by.slice(0, 10) : "the date the acquirer sets"}. Refunds are refused until it is decided.`
  const lost = facts.unsettled.find(
    (op) => op.state === "unknown" || op.state === "sent"
  )
  if (lost)
    return `The acquirer's answer to the ${lost.kind}${lost.amount ? ` of ${amountText(lost.amount, lost.currency)}` : ""} was lost; the reconcile job asks again at ${clock(nextReconcile(now))}. Nothing is sent twice meanwhile.`
  if (data.void_pending)
    return `The order was cancelled; the void of the authorisation is being confirmed with the acquirer (next try ${clock(nextReconcile(now))}).`
  const chargedBack = facts.chargebacks.filter((c) => c.status === "LOST")
  const back = chargedBack.length
    ? ` Charged back: ${chargedBack.map((c) => `${amountText(c.amount, c.currency)} (${c.reference})`).join(", ")}, recorded as refunds.`
    : ""
  const refunds = data.refunds?.length
    ? ` ${data.refunds.length} refund(s) made.`
    : ""
  switch (data.status) {
    case "captured":
      return facts.captured_at
        ? `Captured ${amountText(data.captured_amount ?? data.amount, data.currency)}.${refunds}${back}`
        : `Captured at the acquirer; Medusa records the capture within minutes (next reconcile ${clock(nextReconcile(now))}).`
    case "authorized":
      return `Authorised at the acquirer for ${amountText(data.amount, data.currency)}, not captured yet.`
    case "canceled":
      return "Voided: nothing was charged."
    case "pending_authorization":
      return "Awaiting the shopper's bank transfer; the order is recorded as paid when the money arrives."
    case "requires_more":
      return "Waiting for the shopper to finish 3-D Secure or the payment page."
    case "error":
      return "Declined: nothing was charged."
    default:
      return (data.attempts ?? []).some((a) => a.state === "authorized")
        ? `Authorised at the acquirer; Medusa records it within minutes (next reconcile ${clock(nextReconcile(now))}).`
        : "No outcome from the acquirer yet."
  }
}
