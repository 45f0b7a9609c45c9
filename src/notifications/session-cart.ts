/**
 * The cart a queued notification's session pays for, for a job that does
 * not name it: whether that cart is being completed is asked of its lock
 * (locking/locks.ts `cartBeingCompleted`).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

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
