import { queryEntrySchema, type VerifiedResult } from "../gateway/index"
import {
  scriptedGateway,
  testCore,
} from "../accounts/__fixtures__/test-gateway"
import type { SessionData } from "../payment-sessions/session-data"
import { confirmBrowserReturn } from "./browser-return"

const ORDER = "MED0000000000000000000000h1"

const hosted: SessionData = {
  order_no: ORDER,
  status: "pending",
  amount: "15.00",
  currency: "USD",
  attempts: [
    {
      order_no: ORDER,
      kind: "checkout",
      state: "pending",
      at: "2026-11-23T10:00:00.000Z",
    },
  ],
}

/** A hosted payment held for review: the status query (2200) and the signed return fields agree. */
function core() {
  const { gateway } = scriptedGateway({
    retrieveTransactions: async () => [
      queryEntrySchema.parse({
        order_no: ORDER,
        transaction_id: "T9",
        payment_status: "2200",
        query_result: "1",
      }),
    ],
    verifyResult: () =>
      ({
        order_no: ORDER,
        transaction_id: "T9",
        order_status: "-2",
        result_info: "0000:Held for risk review",
        result: { code: "0000", text: "Held for risk review" },
        card: "400000******0259",
        risk_action: "REVIEW",
        risk_score: "65",
        risk_reasons: [{ name: "velocity_check", status: "REVIEW" }],
      }) as VerifiedResult,
  })
  return testCore(gateway)
}

describe("browser return from the hosted page", () => {
  it("keeps the acquirer's risk screening (action, score, reasons) with the confirmed outcome", async () => {
    const data = await confirmBrowserReturn(core(), hosted, {
      encryption_data: "signed",
    })
    expect(data).toMatchObject({
      status: "authorized",
      review: "held",
      card_masked: "400000******0259",
      result: { code: "0000", text: "Held for risk review" },
      risk: {
        action: "REVIEW",
        score: "65",
        reasons: [{ name: "velocity_check", status: "REVIEW" }],
      },
    })
  })

  it("takes no risk data from fields whose signature fails", async () => {
    const failing = core()
    failing.gateway.verifyResult = () => {
      throw new Error("signature mismatch")
    }
    const data = await confirmBrowserReturn(failing, hosted, {
      encryption_data: "forged",
      risk_action: "ACCEPT",
    })
    expect(data.status).toBe("authorized")
    expect(data.risk).toBeUndefined()
  })
})
