/**
 * A bank transfer's course as the shopper follows it: awaited (until when
 * the acquirer waits for the money), then received, lapsed or voided. Read
 * from the attempt that awaited it (its `awaited_until`), so the course is
 * still told once the transfer has ended; a card's payment has none.
 */
import type { AttemptState, SessionData } from "./session-data"
import { paymentAttempt } from "./transitions"

export interface TransferCourse {
  state: "awaited" | "received" | "lapsed" | "voided"
  /** the decimal amount to send, in the currency's digits */
  amount: string
  currency: string
  /** ISO time the acquirer lapses the transfer unless its money has arrived */
  awaited_until: string
}

// the acquirer ends a transfer whose money never came as declined (its
// result) or cancelled (its status query): lapsed either way, unless the
// plugin voided it for an order cancelled meanwhile (transfer_voided)
const COURSE: Partial<Record<AttemptState, TransferCourse["state"]>> = {
  awaiting_transfer: "awaited",
  authorized: "received",
  captured: "received",
  declined: "lapsed",
  void: "lapsed",
}

export function transferCourse(data: SessionData): TransferCourse | undefined {
  const attempt = paymentAttempt(data)
  const state = attempt && COURSE[attempt.state]
  if (!attempt?.awaited_until || !state || !data.amount || !data.currency)
    return undefined
  return {
    // an order cancelled while awaited voids the transfer (bank-transfers/release-transfer.ts)
    state: data.transfer_voided && state !== "received" ? "voided" : state,
    amount: data.amount,
    currency: data.currency,
    awaited_until: attempt.awaited_until,
  }
}
