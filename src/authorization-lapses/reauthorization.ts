/**
 * Whether a lapsed payment can be authorised again with the customer's
 * saved card, from the admin: a card payment on the store's page whose
 * authorisation lapsed (Medusa cancelled it), or that was captured and its
 * order now owes more (an order change raised the total), made with a card the plugin
 * still keeps for that customer under the same merchant and account, on an
 * order that still owes something. Anything else is refused in words that
 * say what to do instead.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { toDecimal } from "../gateway/money/amount"
import {
  readOrderBalance,
  type OrderBalance,
} from "../order-payments/order-balance"
import { splitProviderId } from "../accounts/provider-entries"
import { choiceOf, coreFor } from "../accounts/registry"
import {
  customerCard,
  type SavedCardRow,
} from "../saved-cards/saved-card-store"
import type { SessionData } from "../payment-sessions/session-data"
import { orderName } from "../payment-links/owed-session"

const SEND_A_LINK = "send the customer a payment link instead"

/** What the rules look at, gathered from the payment, its saved card and its order. */
export interface ReauthorizationFacts {
  /** the provider's identifier: acquiring-card or acquiring-hosted */
  provider: string
  lapsed: boolean
  canceled: boolean
  /** the acquirer captured it: what an order change added is owed beside it */
  captured: boolean
  /** the customer and saved card the payment used or kept */
  saved_card: { id: string; customer_id: string } | null
  /** the kept card, undefined once forgotten (by the customer, the merchant or the acquirer) */
  card:
    Pick<SavedCardRow, "merchant_id" | "account_id" | "customer_id"> | undefined
  /** the merchant and account the payment's provider answers with now; null when none does */
  account: { merchant_id: string; account_id: string } | null
  saved_cards_enabled: boolean
  order_customer_id: string | null
  /** what the order still owes, as a decimal string; null when the payment has no order */
  owed: string | null
  /** "Order #12", as the merchant knows it */
  order_name: string
}

export type ReauthorizationVerdict =
  { allowed: true } | { allowed: false; reason: string }

const refuse = (reason: string): ReauthorizationVerdict => ({
  allowed: false,
  reason,
})

/** The rules, in the order a merchant would ask them. */
export function reauthorizationVerdict(
  facts: ReauthorizationFacts
): ReauthorizationVerdict {
  if (facts.provider !== "acquiring-card")
    return refuse(
      `This payment was not made by card on the store's page: ${SEND_A_LINK}.`
    )
  if (!facts.lapsed && !facts.captured)
    return refuse(
      facts.canceled
        ? `This payment was cancelled, not lapsed: ${SEND_A_LINK}.`
        : "This payment's authorisation has not lapsed: it can still be captured as it is."
    )
  if (!facts.saved_card)
    return refuse(`This payment did not use a saved card: ${SEND_A_LINK}.`)
  if (!facts.card)
    return refuse(
      `The customer's saved card is no longer kept (removed by the customer or the merchant, or forgotten by the acquirer): ${SEND_A_LINK}.`
    )
  if (!facts.saved_cards_enabled)
    return refuse(
      `This store no longer pays with saved cards (Settings → Acquiring): ${SEND_A_LINK}.`
    )
  if (
    !facts.account ||
    facts.card.merchant_id !== facts.account.merchant_id ||
    facts.card.account_id !== facts.account.account_id
  )
    return refuse(
      `The saved card was kept with another acquiring account than the one this payment's provider uses now: ${SEND_A_LINK}.`
    )
  if (
    facts.card.customer_id !== facts.saved_card.customer_id ||
    facts.order_customer_id !== facts.saved_card.customer_id
  )
    return refuse(
      `The saved card belongs to another customer than the order's: ${SEND_A_LINK}.`
    )
  if (facts.owed === null || !toDecimal(facts.owed).isGreaterThan(0))
    return refuse(
      `${facts.order_name} owes nothing: what it costs is paid or authorised.`
    )
  return { allowed: true }
}

/** The payment's saved-card facts: the card it used or kept, still kept, and the account its provider answers with. */
export async function savedCardFacts(
  container: MedusaContainer,
  providerId: string,
  data: SessionData
): Promise<
  Pick<
    ReauthorizationFacts,
    "provider" | "saved_card" | "account" | "saved_cards_enabled"
  > & { card: SavedCardRow | undefined }
> {
  const provider = splitProviderId(providerId)?.identifier ?? providerId
  const use = data.saved_card
  const saved_card =
    use?.id && use.customer_id
      ? { id: use.id, customer_id: use.customer_id }
      : null
  const card = saved_card
    ? await customerCard(saved_card.customer_id, saved_card.id)
    : undefined
  // an account deleted or incomplete since: no account answers for the card
  const core = await coreFor(container, providerId, choiceOf(data)).catch(
    () => null
  )
  return {
    provider,
    saved_card,
    card,
    account: core
      ? {
          merchant_id: core.options.merchant_id,
          account_id: core.options.account_id,
        }
      : null,
    saved_cards_enabled: core?.options.saved_cards.enabled ?? false,
  }
}

/** The payment as the rules see it, with the card and the order's balance they read. */
export async function reauthorizationFacts(
  container: MedusaContainer,
  payment: {
    provider_id: string
    data: SessionData
    lapsed: boolean
    canceled: boolean
    order_id: string | null
  }
): Promise<{
  facts: ReauthorizationFacts
  card: SavedCardRow | undefined
  balance: OrderBalance | null
}> {
  const { card, ...saved } = await savedCardFacts(
    container,
    payment.provider_id,
    payment.data
  )
  const balance = payment.order_id
    ? await readOrderBalance(container, payment.order_id)
    : null
  return {
    facts: {
      ...saved,
      card,
      lapsed: payment.lapsed,
      canceled: payment.canceled,
      captured: payment.data.status === "captured",
      order_customer_id: balance?.shopper.customer_id ?? null,
      owed: balance?.owed ?? null,
      order_name: balance ? orderName(balance) : "The order",
    },
    card,
    balance,
  }
}
