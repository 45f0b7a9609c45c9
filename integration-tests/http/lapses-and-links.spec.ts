/*
 * One Medusa app for the cases of these files, which need the same app
 * (the local stack's default options): authorisations that lapse, their
 * re-authorisation with a kept card, payment links for what an order
 * still owes, and order changes on authorised payments. Each file's cases
 * keep their own describe.
 */
import { acquiringSuite } from "../helpers/acquiring-suite"
import { authorizationLifetimeCases } from "./authorization-lifetime.cases"
import { paymentLinksCases } from "./payment-links.cases"
import { reauthorizeCases } from "./reauthorize.cases"
import { orderChangesCases } from "./order-changes.cases"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(180_000))

acquiringSuite((suite) => {
  describe("authorization-lifetime", () => authorizationLifetimeCases(suite))
  describe("reauthorise", () => reauthorizeCases(suite))
  describe("payment-links", () => paymentLinksCases(suite))
  describe("order-changes", () => orderChangesCases(suite))
})
