/**
 * A payment link for what an order owes: its session on the order's open
 * collection for that amount, what the session carries besides (a card
 * staff type, a subscription the payment starts again, the customer the
 * card is kept for), and the link's row. The token is answered once,
 * inside the URL; the row keeps only its hash.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import type { OrderBalance } from "../order-payments/order-balance"
import { insertPaymentLink } from "../order-payments/payment-link-store"
import type { SessionData } from "../payment-sessions/session-data"
import { loadSession, sessionSaver } from "../session-access/session-access"
import { paymentLinkView } from "./link-view"
import { openOwedSession } from "./owed-session"
import { linkExpiry } from "./payment-link-state"
import { newLinkToken } from "./payment-link-token"

export interface MadeLink {
  id: string
  url: string
  amount: string
  currency: string
  expires_at: string
}

export async function makePaymentLink(
  scope: MedusaContainer,
  balance: OrderBalance,
  link: {
    provider_id: string
    /** the plugin's public address the link opens on */
    backend_url: string
    hours: number
    created_by: string | null
    /** what the session carries besides the shopper's intake */
    session?: Pick<
      SessionData,
      "staff_entered" | "subscription" | "keep_card_for"
    >
  },
  now = new Date()
): Promise<MadeLink> {
  const { collectionId, session } = await openOwedSession(
    scope,
    balance,
    link.provider_id,
    now
  )
  if (link.session) {
    const loaded = await loadSession(scope, session.id)
    await sessionSaver(scope, loaded)({ ...loaded.data, ...link.session })
  }
  const { token, token_hash } = newLinkToken()
  const row = await insertPaymentLink(scope, {
    order_id: balance.order_id,
    payment_collection_id: collectionId,
    payment_session_id: session.id,
    amount: balance.owed,
    currency: balance.currency,
    token_hash,
    expires_at: linkExpiry(now, link.hours),
    created_by: link.created_by,
  })
  const view = paymentLinkView(row, now)
  return {
    id: view.id,
    url: `${link.backend_url}/acquiring/pay/${token}`,
    amount: view.amount,
    currency: view.currency,
    expires_at: view.expires_at,
  }
}
