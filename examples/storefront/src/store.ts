/** The storefront's connection to Medusa, from the runtime config the server writes (/config.json). */
import Medusa from "@medusajs/js-sdk"
import {
  sdkTransport,
  type StoreTransport,
} from "medusa-payment-acquiring-storefront"

export type StorefrontConfig = {
  backendUrl: string
  publishableKey: string
  /** The channel carts are made in, when it is not the store's default one. */
  salesChannelId?: string
}

export type Store = {
  sdk: Medusa
  acquiring: StoreTransport
  salesChannelId?: string
}

export async function loadStore(): Promise<Store> {
  const response = await fetch("/config.json", { cache: "no-store" })
  const config = (await response.json()) as StorefrontConfig
  const sdk = new Medusa({
    baseUrl: config.backendUrl,
    publishableKey: config.publishableKey,
    // A signed-in customer's token, in this tab's sessionStorage (it
    // survives the plugin's redirects back to the return page), sent by the
    // SDK and by sdkTransport as Authorization: Bearer. Nothing else is kept.
    auth: { type: "jwt", jwtTokenStorageMethod: "session" },
  })
  return {
    sdk,
    acquiring: sdkTransport(sdk),
    salesChannelId: config.salesChannelId,
  }
}

const CART_KEY = "example_cart_id"

export const cartId = {
  get: (): string | null => localStorage.getItem(CART_KEY),
  set: (id: string) => localStorage.setItem(CART_KEY, id),
  clear: () => localStorage.removeItem(CART_KEY),
}

/** Pages change without reloading; the return pages arrive as full loads from the plugin's redirect. */
export function go(path: string) {
  history.pushState(null, "", path)
  dispatchEvent(new PopStateEvent("popstate"))
}

export function money(amount: number | undefined, currency: string): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
  }).format(amount ?? 0)
}
