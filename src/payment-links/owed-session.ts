/**
 * A session for what an order still owes, on its open payment collection
 * for that amount: what a payment link and a re-authorisation both open.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import {
  reusableCollection,
  type OrderBalance,
} from "../order-payments/order-balance"
import { endUnopenedLinks } from "../order-payments/payment-link-store"
import { withIntake } from "../payment-sessions/intake"
import { createOrderBalanceCollectionWorkflow } from "./workflows/order-balance-collection"

/** A page opened this recently may be being paid: a new link would end its session. */
export const OPEN_PAGE_MS = 15 * 60 * 1000

export function orderName(
  balance: Pick<OrderBalance, "display_id" | "order_id">
) {
  return balance.display_id ? `Order #${balance.display_id}` : balance.order_id
}

/**
 * A session of `providerId` for what the order owes, on its open payment
 * collection for that amount (or a new one). Medusa keeps one session per
 * collection: links not yet opened on the earlier one end with it.
 */
export async function openOwedSession(
  scope: MedusaContainer,
  balance: OrderBalance,
  providerId: string,
  now: Date
): Promise<{ collectionId: string; session: { id: string } }> {
  const collectionId =
    reusableCollection(balance)?.id ??
    (
      await createOrderBalanceCollectionWorkflow(scope).run({
        input: {
          order_id: balance.order_id,
          currency_code: balance.currency.toLowerCase(),
          amount: balance.owed,
        },
      })
    ).result.id
  const session = await openLinkSession(
    scope,
    collectionId,
    providerId,
    balance
  )
  await endUnopenedLinks(scope, collectionId, now)
  return { collectionId, session }
}

/**
 * The provider's session on the collection (the hosted one for a link,
 * the card one for a re-authorisation), with what the
 * acquirer's page is told of the shopper (the order's e-mail and
 * addresses) held for it, as the store route's intake.
 */
async function openLinkSession(
  scope: MedusaContainer,
  collectionId: string,
  providerId: string,
  balance: OrderBalance
): Promise<{ id: string }> {
  const { result } = await withIntake({ cart: balance.shopper }, (intake) =>
    createPaymentSessionsWorkflow(scope).run({
      input: {
        payment_collection_id: collectionId,
        provider_id: providerId,
        data: { intake },
      },
    })
  )
  return result
}
