import { chargebackRow, splitReason, wireTime } from "./chargeback-row"

describe("a chargeback as the plugin keeps it", () => {
  it("reads wire times as UTC and refuses impossible dates", () => {
    expect(wireTime("20261210235959")?.toISOString()).toBe(
      "2026-12-10T23:59:59.000Z"
    )
    expect(wireTime("20260230120000")).toBeNull()
    expect(wireTime("2026-12-10")).toBeNull()
    expect(wireTime(undefined)).toBeNull()
  })

  it("splits the reason into code and text once", () => {
    expect(splitReason("4837:No cardholder authorisation")).toEqual({
      reason_code: "4837",
      reason_text: "No cardholder authorisation",
    })
    expect(splitReason("10.4:Fraud: card absent")).toEqual({
      reason_code: "10.4",
      reason_text: "Fraud: card absent",
    })
    expect(splitReason("Fraud")).toEqual({
      reason_code: null,
      reason_text: "Fraud",
    })
    expect(splitReason("")).toEqual({ reason_code: null, reason_text: null })
  })

  it("writes amounts in the currency's digits and refuses more digits than it has", () => {
    const owner = {
      provider_id: "pp_acquiring-card_acquiring",
      payment_id: "pay_1",
      session_id: "payses_1",
      currency: "jpy",
    }
    const row = chargebackRow(
      owner,
      {
        order_no: "MED1",
        transaction_id: "T1",
        amount: "1500",
        chargebacks: [],
      },
      {
        chargeback_reference: "CB1",
        chargeback_amount: "1000",
        chargeback_status: "OPEN",
        chargeback_date: "20261120093000",
        respond_by: "20261210235959",
      }
    )
    expect(row).toEqual(
      expect.objectContaining({
        reference: "CB1",
        currency: "JPY",
        amount: "1000",
        payment_amount: "1500",
        status: "OPEN",
        order_no: "MED1",
        payment_id: "pay_1",
        reason_code: null,
      })
    )
    expect(row.id).toMatch(/^acqcb_/)
    expect(row.respond_by?.toISOString()).toBe("2026-12-10T23:59:59.000Z")
    expect(() =>
      chargebackRow(
        owner,
        { order_no: "MED1", chargebacks: [] },
        {
          chargeback_reference: "CB2",
          chargeback_amount: "10.50",
          chargeback_status: "LOST",
        }
      )
    ).toThrow(/chargeback_amount/)
  })
})
