/**
 * Medusa 2.21 confirms an order change (edit, exchange, claim, return) by
 * cancelling an authorised payment collection and asking for the order's
 * whole new total again, which voids the shopper's authorisation. Capturing
 * from that authorisation first what the changed order will owe keeps it:
 * with the new total covered Medusa leaves the collection alone, and with
 * a higher total it only asks for the difference. The acquirer captures a
 * payment once and releases what a partial capture leaves.
 */
import { roundAmount, toDecimal } from "../gateway/money/amount"

/** An acquiring payment Medusa would void: authorised, nothing captured, not cancelled. */
export interface HeldAuthorization {
  payment_id: string
  /** exact decimal string */
  amount: string
}

export interface CaptureBeforeChange {
  payment_id: string
  /** in the currency's digits */
  amount: string
}

/**
 * The captures that keep the authorisations: what the changed order will
 * owe (Medusa's pending difference after the change), taken from each held
 * authorisation in turn, never more than it holds. None when the order
 * will owe nothing: Medusa then leaves the collection as it is.
 */
export function capturesBeforeChange(
  pendingAfter: string,
  held: HeldAuthorization[],
  currency: string
): CaptureBeforeChange[] {
  let owed = toDecimal(pendingAfter)
  const plan: CaptureBeforeChange[] = []
  for (const payment of held) {
    if (!owed.isGreaterThan(0)) break
    const holds = toDecimal(payment.amount)
    const take = owed.isLessThan(holds) ? owed : holds
    const amount = roundAmount(take, currency)
    if (!toDecimal(amount).isGreaterThan(0)) break
    plan.push({ payment_id: payment.payment_id, amount })
    owed = owed.minus(toDecimal(amount))
  }
  return plan
}
