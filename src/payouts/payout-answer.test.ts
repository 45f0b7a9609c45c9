import { payoutResponseSchema } from "../gateway/index"
import { acquirerStatus, answerFields } from "./payout-answer"
import { allowedFrom, FINAL_STATUSES } from "./payout-store"

describe("payout transitions", () => {
  it("never leave a final status, and a local guess never replaces the acquirer's PENDING", () => {
    for (const to of [
      "sending",
      "unknown",
      "PENDING",
      "COMPLETED",
      "FAILED",
    ] as const) {
      for (const final of FINAL_STATUSES)
        expect(allowedFrom(to)).not.toContain(final)
    }
    expect(allowedFrom("unknown")).not.toContain("PENDING")
    expect(allowedFrom("COMPLETED")).toEqual(["sending", "unknown", "PENDING"])
  })
})

describe("answerFields", () => {
  // a wire answer: amounts are JSON numbers
  const answer = payoutResponseSchema.parse({
    request_id: "5d1b2c3a-aaaa-4bbb-8ccc-dddddddddddd",
    transaction_id: "T1",
    short_reference_id: "20261121-ABC123",
    status: "FAILED",
    amount_beneficiary_receives: 120.5,
    amount_payer_pays: 121,
    fee_amount: 0.5,
    fee_currency: "USD",
    failure_type: "UNKNOWN",
    failure_reason: "Beneficiary bank rejected the payment",
    created_at: "2026-11-21T10:00:00+0000",
  })

  it("reads the status and writes amounts in the currency's digits", () => {
    expect(acquirerStatus(answer)).toBe("FAILED")
    expect(acquirerStatus({ status: "SOMETHING" })).toBeUndefined()
    expect(answerFields(answer, "FAILED", "USD")).toMatchObject({
      status: "FAILED",
      transaction_id: "T1",
      amount_beneficiary_receives: "120.50",
      amount_payer_pays: "121.00",
      fee_amount: "0.50",
      failure_type: "UNKNOWN",
      failure_reason: "Beneficiary bank rejected the payment",
      acquirer_created_at: "2026-11-21T10:00:00+0000",
    })
  })

  it("keeps failure fields only on a failed payout", () => {
    expect(answerFields(answer, "COMPLETED", "USD")).toMatchObject({
      failure_type: null,
      failure_reason: null,
    })
  })
})
