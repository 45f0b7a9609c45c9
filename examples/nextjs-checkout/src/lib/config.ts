import Medusa from "@medusajs/js-sdk"

/**
 * The store API, called from the Next.js server only (server components and
 * actions): the browser never needs the backend's address or the key.
 * Read when the server starts, so one build serves any backend.
 */
export const sdk = new Medusa({
  baseUrl: process.env.MEDUSA_BACKEND_URL ?? "http://localhost:9000",
  publishableKey: process.env.MEDUSA_PUBLISHABLE_KEY,
})

/** Carts are made in this sales channel when set; else in the key's. */
export const SALES_CHANNEL_ID = process.env.MEDUSA_SALES_CHANNEL_ID || undefined

/** The country whose region prices the shop, as the starter's default region. */
export const DEFAULT_COUNTRY = process.env.DEFAULT_COUNTRY ?? "us"
