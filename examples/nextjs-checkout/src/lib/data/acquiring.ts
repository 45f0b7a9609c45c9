"use server"

import {
  fetchTransport,
  type StoreAnswer,
} from "medusa-payment-acquiring-storefront"
import { getCartId, removeCartId } from "@lib/data/cookies"

// Only the plugin's session, return, provider-availability and payment-method routes: this action must not become an open proxy.
const ACQUIRING_ROUTE =
  /^\/store\/acquiring\/(payment-sessions\/[^/]+(\/(card|hosted-page))?|returns\/[0-9a-f]{24}|carts\/[^/]+\/payment-(providers|methods))$/

const store = fetchTransport({
  baseUrl: process.env.MEDUSA_BACKEND_URL ?? "http://localhost:9000",
  publishableKey: process.env.MEDUSA_PUBLISHABLE_KEY ?? "",
})

/** The kit's transport, run on the Next.js server: the card goes from the browser to this server to Medusa, in memory only. */
export async function acquiringRequest(
  method: "GET" | "POST",
  path: string,
  body?: unknown
): Promise<StoreAnswer> {
  if (!ACQUIRING_ROUTE.test(path)) throw new Error("Not an acquiring route")
  return store(method, path, body)
}

/**
 * The acquirer's notification may have made the cart an order before the
 * shopper is back: the return page then drops its id from the cookie, or
 * the shop would go on adding to a completed cart. Only that cart's id:
 * the shopper may have started another since.
 */
export async function forgetCompletedCart(cartId: string): Promise<void> {
  if ((await getCartId()) === cartId) await removeCartId()
}
