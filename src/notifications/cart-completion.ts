/**
 * Whether a payment session's cart is being completed at this moment:
 * Medusa's cart completion and its process-payment workflow hold the
 * cart's lock while they run. Asked without waiting: the lock is taken for
 * an instant and given back at once. A question that fails answers "no":
 * the notification is then handled as it would be without asking.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { cartLockKey, releaseClaim, tryClaim } from "../locking/locks"

/** The cart the session pays for; undefined when it has none or the question failed. */
export async function sessionCartId(
  container: MedusaContainer,
  sessionId: string
): Promise<string | undefined> {
  try {
    const { data } = await container
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({
        entity: "payment_session",
        fields: ["payment_collection.cart.id"],
        filters: { id: sessionId },
      })
    return (
      data[0] as { payment_collection?: { cart?: { id?: string } } } | undefined
    )?.payment_collection?.cart?.id
  } catch {
    return undefined
  }
}

export async function cartBeingCompleted(
  container: MedusaContainer,
  cartId: string,
  asker: string
): Promise<boolean> {
  const key = cartLockKey(cartId)
  const owner = `acquiring-notification:${asker}`
  try {
    if (!(await tryClaim(container, key, owner, 1))) return true
    await releaseClaim(container, key, owner)
  } catch {
    // the lock given back lapses within the second
  }
  return false
}
