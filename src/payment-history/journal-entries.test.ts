import { journalEntry } from "./journal-entries"

describe("a journal operation in the history", () => {
  it("reads as what was asked, its outcome, result, reference and tries, timed to its settlement", () => {
    expect(
      journalEntry({
        kind: "refund",
        state: "recorded",
        order_no: "MED1",
        transaction_id: "T1",
        payment_id: "pay_1",
        session_id: "payses_1",
        amount: "2.00",
        currency: "USD",
        result_code: "0000",
        result_text: "Success",
        tries: 2,
        acquirer_reference: "T1-01",
        created_at: "2026-11-27T10:00:00.000Z",
        settled_at: "2026-11-27T10:00:01.250Z",
      })
    ).toEqual({
      at: "2026-11-27T10:00:00.000Z",
      source: "request",
      operation: "refund",
      outcome: "recorded",
      summary:
        "Refund of 2.00 USD for MED1: made and recorded in Medusa (0000 Success), reference T1-01, 2 tries",
      order_no: "MED1",
      transaction_id: "T1",
      payment_id: "pay_1",
      session_id: "payses_1",
      amount: "2.00",
      currency: "USD",
      duration_ms: 1250,
      actor: null,
    })
  })

  it("has no duration while unsettled", () => {
    const entry = journalEntry({
      kind: "capture",
      state: "unknown",
      order_no: "MED2",
      transaction_id: null,
      payment_id: null,
      session_id: null,
      amount: null,
      currency: null,
      result_code: null,
      result_text: null,
      tries: 1,
      acquirer_reference: null,
      created_at: new Date("2026-11-27T10:00:00Z"),
      settled_at: null,
    })
    expect(entry.summary).toBe(
      "Capture for MED2: answer lost, to be asked again"
    )
    expect(entry.duration_ms).toBeNull()
  })
})
