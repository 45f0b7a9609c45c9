/*
 * One Medusa app and one Chromium for the cases of these files, which need
 * the same app (the local stack's default options). Each file's cases keep
 * their own describe.
 */
import { acquiringSuite } from "../helpers/acquiring-suite"
import { exampleStorefront } from "../helpers/example-storefront"
import { realBrowser } from "../helpers/real-browser"
import { paymentLinkCases } from "./payment-link.cases"
import { savedCardsCases } from "./saved-cards.cases"
import { storefrontCheckoutCases } from "./storefront-checkout.cases"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(180_000))

const browser = realBrowser()
// one example storefront: Medusa's CORS names its origin when it boots
const storefront = exampleStorefront()

acquiringSuite((suite) => {
  describe("storefront-checkout", () =>
    storefrontCheckoutCases(suite, browser, storefront))
  describe("saved-cards", () => savedCardsCases(suite, browser, storefront))
  describe("payment-link", () => paymentLinkCases(suite, browser))
})
