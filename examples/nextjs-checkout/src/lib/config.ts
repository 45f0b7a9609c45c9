import Medusa from "@medusajs/js-sdk"

/**
 * The store API, called from the Next.js server (server components and
 * actions). A variable set when `next build` runs is built in; one left
 * unset then is read when the server starts.
 */
export const sdk = new Medusa({
  baseUrl: process.env.MEDUSA_BACKEND_URL ?? "http://localhost:9000",
  publishableKey: process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY,
})
