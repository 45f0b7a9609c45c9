/*
 * One Medusa app for the cases of these files, which need the same app
 * (the local stack's default options): a boot is about 15 s of a test file,
 * the cases themselves are what is tested. Each file's cases keep their
 * own describe.
 */
import { acquiringSuite } from "../helpers/acquiring-suite"
import { smokeCases } from "./smoke.cases"
import { directCardCases } from "./direct-card.cases"
import { reviewAnd3dsCases } from "./review-and-3ds.cases"
import { partialCaptureCases } from "./partial-capture.cases"
import { subscriptionsCases } from "./subscriptions.cases"
import { adminPaymentDetailCases } from "./admin-payment-detail.cases"
import { gatewayFailuresCases } from "./gateway-failures.cases"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(240_000))

// direct-card's KWD and JPY cases seed stores of their own regions beside the file's
acquiringSuite((suite) => {
  describe("smoke", () => smokeCases(suite))
  describe("direct-card", () => directCardCases(suite))
  describe("review-and-3ds", () => reviewAnd3dsCases(suite))
  describe("partial-capture", () => partialCaptureCases(suite))
  describe("subscriptions", () => subscriptionsCases(suite))
  describe("admin-payment-detail", () => adminPaymentDetailCases(suite))
  describe("gateway-failures", () => gatewayFailuresCases(suite))
})
