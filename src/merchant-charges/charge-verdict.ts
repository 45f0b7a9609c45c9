/**
 * Whether staff may charge the customer's saved card for an order, and for
 * how much: an order with a customer who kept a card with the account that
 * serves the order's currency, for what the order owes or an amount staff
 * enter, more than it owes only when they confirm. A refusal says what to
 * do instead.
 */
import { toDecimal } from "../gateway/money/amount"

const SEND_A_LINK = "send the customer a payment link instead"

export interface ChargeFacts {
  order_name: string
  canceled: boolean
  customer_id: string | null
  saved_cards_enabled: boolean
  /** the card to charge, found among the customer's kept with the order's account */
  card: { id: string } | undefined
  /** a card was named and is not one of those */
  named_card_missing: boolean
  owed: string
  /** what staff entered; undefined: what the order owes */
  amount: string | undefined
  confirm_over_balance: boolean
}

export type ChargeVerdict =
  { allowed: true; amount: string } | { allowed: false; reason: string }

const refuse = (reason: string): ChargeVerdict => ({ allowed: false, reason })

export function chargeVerdict(facts: ChargeFacts): ChargeVerdict {
  if (facts.canceled)
    return refuse(
      `${facts.order_name} is cancelled: nothing can be charged for it.`
    )
  if (!facts.customer_id)
    return refuse(
      `${facts.order_name} was placed without a customer account, so there is no saved card: ${SEND_A_LINK}.`
    )
  if (!facts.saved_cards_enabled)
    return refuse(
      `This store does not pay with saved cards (Settings → Acquiring): ${SEND_A_LINK}.`
    )
  if (facts.named_card_missing)
    return refuse(
      `That card is not one the customer keeps with the account serving ${facts.order_name}'s currency: choose another or ${SEND_A_LINK}.`
    )
  if (!facts.card)
    return refuse(
      `The customer keeps no saved card with the account serving ${facts.order_name}'s currency: ${SEND_A_LINK}.`
    )
  const owed = toDecimal(facts.owed)
  if (facts.amount === undefined) {
    if (!owed.isGreaterThan(0))
      return refuse(
        `${facts.order_name} owes nothing: enter the amount to charge (a replacement, a charge agreed with the customer) and confirm it.`
      )
    return { allowed: true, amount: facts.owed }
  }
  const amount = toDecimal(facts.amount)
  if (!amount.isGreaterThan(0)) return refuse("The amount must be more than 0.")
  if (amount.isGreaterThan(owed) && !facts.confirm_over_balance)
    return refuse(
      `${facts.amount} is more than ${facts.order_name} owes (${facts.owed}): confirm to charge it anyway.`
    )
  return { allowed: true, amount: facts.amount }
}
