/**
 * The order made from a cart, once Medusa's completion of it has ended.
 * The completion links the order to the cart before it authorizes the
 * payment, and a failure after that removes the order again: an order
 * named sooner could show no payment, or vanish. So the link is read
 * under Medusa's lock of the cart, which the completion holds throughout.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { CART_BUSY, whileCartIdle } from "../locking/locks"

/** The cart's order id; null while there is none or Medusa is still completing the cart. */
export async function completedOrderOfCart(
  scope: MedusaContainer,
  cartId: string
): Promise<string | null> {
  const found = await whileCartIdle(scope, cartId, async () => {
    const { data } = await scope
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({
        entity: "order_cart",
        fields: ["order_id"],
        filters: { cart_id: cartId },
      })
    return (data[0] as { order_id?: string } | undefined)?.order_id ?? null
  })
  return found === CART_BUSY ? null : found
}

/**
 * Whether the session already has its payment and its cart its order: for
 * an authorised payment, Medusa's process-payment workflow then only takes
 * and gives back the cart's lock (it reads the same links before taking it).
 */
export async function sessionPaidAndOrdered(
  scope: MedusaContainer,
  sessionId: string
): Promise<boolean> {
  return (await sessionOrderState(scope, sessionId)) === "ordered"
}

/** The session's order as Medusa holds it: made (with its payment), not yet, or no such session. */
export async function sessionOrderState(
  scope: MedusaContainer,
  sessionId: string
): Promise<"ordered" | "open" | "missing"> {
  const { data } = await scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment_session",
    fields: ["id", "payment.id", "payment_collection.cart.order.id"],
    filters: { id: sessionId },
  })
  const session = data[0] as
    | {
        payment?: { id?: string } | null
        payment_collection?: {
          cart?: { order?: { id?: string } | null } | null
        } | null
      }
    | undefined
  if (!session) return "missing"
  return session.payment?.id && session.payment_collection?.cart?.order?.id
    ? "ordered"
    : "open"
}
