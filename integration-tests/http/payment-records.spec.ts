import { randomBytes } from "node:crypto"
import { acquiringSuite } from "../helpers/acquiring-suite"
import { chargebackCases } from "./chargebacks.cases"
import { paymentHistoryCases } from "./payment-history.cases"
import { paymentsOverviewCases } from "./payments-overview.cases"
import { retentionCases } from "./retention.cases"
import { storedFreeTextCases } from "./stored-free-text.cases"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(180_000))

process.env.ACQUIRING_SETTINGS_KEY = randomBytes(32).toString("hex")

/**
 * What the plugin keeps after checkout, in one booted store: chargebacks,
 * a payment's history, the payments overview's figures, how long shopper data is kept, and free text stored
 * without card numbers.
 */
acquiringSuite((suite) => {
  describe("chargebacks", () => chargebackCases(suite))
  describe("payment-history", () => paymentHistoryCases(suite))
  describe("payments-overview", () => paymentsOverviewCases(suite))
  describe("retention", () => retentionCases(suite))
  describe("stored-free-text", () => storedFreeTextCases(suite))
})
