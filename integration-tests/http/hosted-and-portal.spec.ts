/*
 * One Medusa app for the cases of these files, which need the same app
 * (the local stack's default options): a boot is about 15 s of a test file,
 * the cases themselves are what is tested. Each file's cases keep their
 * own describe.
 */
import { acquiringSuite } from "../helpers/acquiring-suite"
import { hostedCheckoutCases } from "./hosted-checkout.cases"
import { hostedPageAddressCases } from "./hosted-page-address.cases"
import { portalActionsCases } from "./portal-actions.cases"
import { refundSearchCases } from "./refund-search.cases"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(240_000))

acquiringSuite((suite) => {
  describe("hosted-checkout", () => hostedCheckoutCases(suite))
  describe("hosted-page-address", () => hostedPageAddressCases(suite))
  describe("portal-actions", () => portalActionsCases(suite))
  describe("refund-search", () => refundSearchCases(suite))
})
