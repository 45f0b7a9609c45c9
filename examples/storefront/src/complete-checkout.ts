import { cartId, go, type Store } from "./store"

/** Completes the cart into an order and shows it; answers a message when Medusa refuses. */
export async function completeCheckout(
  store: Store,
  id: string
): Promise<string | undefined> {
  const result = await store.sdk.store.cart.complete(id)
  if (result.type === "order") {
    cartId.clear()
    go(`/order/${result.order.id}`)
    return undefined
  }
  return result.error?.message ?? "The order could not be placed"
}
