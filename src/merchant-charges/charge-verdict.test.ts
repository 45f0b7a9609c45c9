import { chargeVerdict, type ChargeFacts } from "./charge-verdict"

const FACTS: ChargeFacts = {
  order_name: "Order #12",
  canceled: false,
  customer_id: "cus_1",
  saved_cards_enabled: true,
  card: { id: "acqcard_1" },
  named_card_missing: false,
  owed: "7.50",
  amount: undefined,
  confirm_over_balance: false,
}

describe("chargeVerdict", () => {
  it("charges what the order owes when staff enter no amount, or the amount they enter up to it", () => {
    expect(chargeVerdict(FACTS)).toEqual({ allowed: true, amount: "7.50" })
    expect(chargeVerdict({ ...FACTS, amount: "7.5" })).toEqual({
      allowed: true,
      amount: "7.5",
    })
    expect(chargeVerdict({ ...FACTS, amount: "2.00" })).toEqual({
      allowed: true,
      amount: "2.00",
    })
  })

  it("charges more than the order owes only when staff confirm", () => {
    expect(chargeVerdict({ ...FACTS, amount: "7.51" })).toEqual({
      allowed: false,
      reason:
        "7.51 is more than Order #12 owes (7.50): confirm to charge it anyway.",
    })
    expect(
      chargeVerdict({ ...FACTS, amount: "7.51", confirm_over_balance: true })
    ).toEqual({
      allowed: true,
      amount: "7.51",
    })
    expect(chargeVerdict({ ...FACTS, owed: "0" })).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(
        /^Order #12 owes nothing: enter the amount/
      ),
    })
    expect(
      chargeVerdict({ ...FACTS, amount: "0.00", confirm_over_balance: true })
    ).toEqual({
      allowed: false,
      reason: "The amount must be more than 0.",
    })
  })

  it("refuses, saying what to do instead, without a customer, a saved card, or the store's saved cards", () => {
    const reason = (facts: Partial<ChargeFacts>) => {
      const verdict = chargeVerdict({ ...FACTS, ...facts })
      return verdict.allowed ? null : verdict.reason
    }
    expect(reason({ canceled: true })).toBe(
      "Order #12 is cancelled: nothing can be charged for it."
    )
    expect(reason({ customer_id: null })).toMatch(
      /without a customer account.*payment link instead\.$/
    )
    expect(reason({ saved_cards_enabled: false })).toMatch(
      /does not pay with saved cards/
    )
    expect(reason({ card: undefined })).toMatch(
      /^The customer keeps no saved card/
    )
    expect(reason({ card: undefined, named_card_missing: true })).toMatch(
      /^That card is not one the customer keeps/
    )
  })
})
