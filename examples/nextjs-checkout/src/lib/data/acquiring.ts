"use server"

import { sdk } from "@lib/config"
import {
  fetchTransport,
  type StoreAnswer,
  type StoreMethod,
} from "medusa-payment-acquiring-storefront"
import { revalidateTag } from "next/cache"
import { getAuthHeaders, getCacheTag, getCartId, removeCartId } from "./cookies"

// Only the plugin's session, return, provider, payment-method, saved-card and
// subscription routes: this action must not become an open proxy.
const ACQUIRING_ROUTE =
  /^\/store\/acquiring\/(payment-sessions\/[^/]+(\/(card|hosted-page))?|returns\/[0-9a-f]{24}|carts\/[^/]+\/payment-(providers|methods)|saved-cards(\/[^/]+)?|subscriptions(\/[^/]+\/cancel)?)$/

const store = fetchTransport({
  baseUrl: process.env.MEDUSA_BACKEND_URL ?? "http://localhost:9000",
  publishableKey: process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY ?? "",
  headers: async () => ({ ...(await getAuthHeaders()) }),
})

export async function acquiringRequest(
  method: StoreMethod, // "GET" | "POST" | "DELETE" (deleting a saved card)
  path: string,
  body?: unknown
): Promise<StoreAnswer> {
  if (!ACQUIRING_ROUTE.test(path)) throw new Error("Not an acquiring route")
  return store(method, path, body)
}

// The starter caches the cart; the plugin changes its session (a hosted page
// given up, a failed 3-D Secure) without the starter knowing: forget the copy.
export async function forgetCachedCart(): Promise<void> {
  revalidateTag(await getCacheTag("carts"))
}

// The cart became an order behind the starter's back (the acquirer's
// notification, or a bank transfer's order below): drop its id from the
// cookie, as placeOrder does, or the header keeps "Cart (1)" and Add to cart
// fails on the completed cart. The order's cached copy is stale too.
export async function forgetCompletedCart(cartId: string): Promise<void> {
  if ((await getCartId()) === cartId) await removeCartId()
  revalidateTag(await getCacheTag("carts"))
  revalidateTag(await getCacheTag("orders"))
}

// A bank transfer's order. While the money is awaited Medusa makes the order
// without a payment (pending_authorization): the cart is completed here,
// unless its order exists already, with no redirect to the starter's
// confirmation ("placed successfully"), so the return page can say what to
// send. Answers the order's id and number, or Medusa's refusal.
export async function transferOrder(
  cartId: string,
  orderId: string | null
): Promise<{ id: string; number: string } | { error: string }> {
  const headers = { ...(await getAuthHeaders()) }
  try {
    let id = orderId
    if (!id) {
      const made = await sdk.store.cart.complete(cartId, {}, headers)
      if (made.type !== "order") return { error: made.error.message }
      id = made.order.id
    }
    await forgetCompletedCart(cartId)
    const { order } = await sdk.store.order.retrieve(
      id,
      { fields: "id,display_id" },
      headers
    )
    return { id: order.id, number: `#${order.display_id}` }
  } catch (error) {
    return { error: (error as Error).message }
  }
}
