import {
  reauthorizationVerdict,
  type ReauthorizationFacts,
} from "./reauthorization"

/** A lapsed card payment made with a card still kept, on an order owing 25.00. */
const eligible: ReauthorizationFacts = {
  provider: "acquiring-card",
  lapsed: true,
  canceled: true,
  captured: false,
  saved_card: { id: "acqcard_1", customer_id: "cus_1" },
  card: { merchant_id: "M1", account_id: "A1", customer_id: "cus_1" },
  account: { merchant_id: "M1", account_id: "A1" },
  saved_cards_enabled: true,
  order_customer_id: "cus_1",
  owed: "25.00",
  order_name: "Order #7",
}

const reason = (facts: Partial<ReauthorizationFacts>) => {
  const verdict = reauthorizationVerdict({ ...eligible, ...facts })
  return verdict.allowed ? "allowed" : verdict.reason
}

describe("reauthorisationVerdict", () => {
  it("allows a lapsed saved-card payment on an order that owes", () => {
    expect(reauthorizationVerdict(eligible)).toEqual({ allowed: true })
  })

  it("refuses a payment that did not use a saved card, pointing at a payment link", () => {
    expect(reason({ saved_card: null })).toBe(
      "This payment did not use a saved card: send the customer a payment link instead."
    )
  })

  it("refuses a hosted-page payment", () => {
    expect(reason({ provider: "acquiring-hosted" })).toMatch(
      /^This payment was not made by card on the store's page: send the customer a payment link instead\.$/
    )
  })

  it("refuses an authorisation that has not lapsed, and a voided one", () => {
    expect(reason({ lapsed: false, canceled: false })).toBe(
      "This payment's authorisation has not lapsed: it can still be captured as it is."
    )
    expect(reason({ lapsed: false, canceled: true })).toBe(
      "This payment was cancelled, not lapsed: send the customer a payment link instead."
    )
  })

  it("refuses a card no longer kept", () => {
    expect(reason({ card: undefined })).toMatch(
      /^The customer's saved card is no longer kept .*payment link instead\.$/
    )
  })

  it("refuses when the store no longer pays with saved cards", () => {
    expect(reason({ saved_cards_enabled: false })).toMatch(
      /no longer pays with saved cards/
    )
  })

  it("refuses a card kept under another merchant or account, or none answering", () => {
    const other = /^The saved card was kept with another acquiring account/
    expect(
      reason({ account: { merchant_id: "M1", account_id: "A2" } })
    ).toMatch(other)
    expect(
      reason({ account: { merchant_id: "M2", account_id: "A1" } })
    ).toMatch(other)
    expect(reason({ account: null })).toMatch(other)
  })

  it("refuses when the card or the order is another customer's", () => {
    const another = /^The saved card belongs to another customer/
    expect(
      reason({
        card: { merchant_id: "M1", account_id: "A1", customer_id: "cus_2" },
      })
    ).toMatch(another)
    expect(reason({ order_customer_id: "cus_2" })).toMatch(another)
    expect(reason({ order_customer_id: null })).toMatch(another)
  })

  it("allows a captured saved-card payment whose order owes more (an order change), and refuses it when the order owes nothing", () => {
    const captured = { lapsed: false, canceled: false, captured: true }
    expect(reason(captured)).toBe("allowed")
    expect(reason({ ...captured, owed: "0.00" })).toBe(
      "Order #7 owes nothing: what it costs is paid or authorised."
    )
  })

  it("refuses an order that owes nothing, naming it", () => {
    expect(reason({ owed: "0.00" })).toBe(
      "Order #7 owes nothing: what it costs is paid or authorised."
    )
    expect(reason({ owed: null })).toMatch(/owes nothing/)
    expect(reason({ owed: "0.01" })).toBe("allowed")
  })
})
