import { randomBytes } from "node:crypto"
import { acquiringSuite } from "../helpers/acquiring-suite"
import { chargebackCases } from "./chargebacks.cases"
import { paymentHistoryCases } from "./payment-history.cases"

jest.setTimeout(120_000)

process.env.ACQUIRING_SETTINGS_KEY = randomBytes(32).toString("hex")

/** Money that leaves after the sale, and the record an operator reads: chargebacks and a payment's history. */
acquiringSuite((suite) => {
  chargebackCases(suite)
  paymentHistoryCases(suite)
})
