"use server"

import {
  fetchTransport,
  type StoreAnswer,
} from "medusa-payment-acquiring-storefront"

// Only the plugin's session and return routes: this action must not become an open proxy.
const ACQUIRING_ROUTE =
  /^\/store\/acquiring\/(payment-sessions\/[^/]+(\/(card|hosted-page))?|returns\/[0-9a-f]{24})$/

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
