/**
 * The account drawer's hints that depend on what the store has: the mode a
 * new account starts in (the server's default, or medusa-config's), and
 * what to enter in the URL fields before a storefront exists.
 */
import type { Mode, ProviderSettings } from "../../../../lib/settings-api"

/** The Next.js starter's address in development (docs/storefront.md). */
export const STARTER_URL = "http://localhost:8000"
/** The return page the plugin's storefront steps add to the starter. */
export const STARTER_RETURN_PAGE = `${STARTER_URL}/checkout/return`

export const WEBSITE_HINT = `The shop's site, sent to the acquirer as website. No storefront yet: the address it will have, or ${STARTER_URL} (the Next.js starter's) while testing.`

export const BACKEND_HINT =
  "Where the acquirer reaches this store: notify and return URLs start with it. On this computer: http://localhost:9000 (the sandbox reaches it; a real acquirer needs a public https address)."

export const STOREFRONT_HINT = `Where shoppers come back after the acquirer's payment page or 3-D Secure: the storefront's return page (a cancelled payment comes back with status=canceled), e.g. https://shop.example.com/checkout/return. No storefront yet: ${STARTER_RETURN_PAGE}, the Next.js starter's with the plugin's return page (docs/storefront.md); change it when the storefront is online.`

/** The mode a new account starts in: medusa-config's, else the default (live), as the Providers block lists it. */
export function defaultMode(providers: readonly ProviderSettings[]): Mode {
  const view = (providers[0]?.inherited ?? providers[0]?.effective)?.mode
  return view?.value === "test" ? "test" : "live"
}

/** What the Mode field says about the value a new account starts with. */
export function modeHint(providers: readonly ProviderSettings[]): string {
  const view = (providers[0]?.inherited ?? providers[0]?.effective)?.mode
  const from =
    view?.source === "config"
      ? `medusa-config's mode (${defaultMode(providers) === "test" ? "Test" : "Live"})`
      : "Live, the default"
  return `A new account starts with ${from}. Live refuses plain-http gateway and backend URLs off this computer; choose Test for the acquirer's test environment or the sandbox.`
}
