/**
 * How the order widget words a bank transfer no payment stands on: one
 * still awaited (how much, since when, until when the acquirer waits, and
 * that it is not owed), or one that ended without money.
 */
import type { OrderTransfer } from "../hooks/payment-links/use-payment-links"
import { amountText } from "./amount-text"
import { paymentMethodText } from "./payment-method-text"

const WHEN = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
})

/** `5 Dec 2026, 14:37 UTC`, as the server's texts name times. */
export function utcText(iso: string): string {
  const time = new Date(iso)
  return Number.isNaN(time.getTime()) ? iso : `${WHEN.format(time)} UTC`
}

export interface TransferText {
  badge: { label: string; color: "orange" | "red" }
  method: string
  amount: string
  lines: string[]
}

export function transferText(transfer: OrderTransfer): TransferText {
  const amount =
    amountText(transfer.amount, transfer.currency) ?? transfer.amount
  const method =
    paymentMethodText(transfer.payment_method) ?? transfer.payment_method
  const since = transfer.since ? utcText(transfer.since) : null
  const until = transfer.until ? utcText(transfer.until) : null
  if (transfer.status === "awaited")
    return {
      badge: { label: "Awaiting transfer", color: "orange" },
      method,
      amount,
      lines: [
        since
          ? `Awaited since ${since}.`
          : "Awaited since the order was placed.",
        until
          ? `The acquirer waits until ${until}; if nothing arrives by then, the order is cancelled.`
          : "If nothing arrives in time, the order is cancelled.",
        "Not owed: the money is on its way, so no payment link asks for it. Nothing is charged until it arrives.",
      ],
    }
  return {
    badge: { label: "Not received", color: "red" },
    method,
    amount,
    lines: [
      `The transfer did not arrive${since ? ` (awaited since ${since})` : ""}: the order was cancelled, and the acquirer refuses money sent for it now. Nothing was charged; the customer can order again.`,
    ],
  }
}
