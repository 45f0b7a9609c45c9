import { testAccount } from "./__fixtures__/test-account"
import { availabilityOf, type AvailabilityCart } from "./availability-rules"

const CARD = "pp_acquiring-card_acquiring"
const HOSTED = "pp_acquiring-hosted_acquiring"

const withRules = (rules: unknown[]) => testAccount({ availability: { rules } })

const usdCart = (total: string): AvailabilityCart => ({
  total,
  currency: "USD",
  billing_country: "us",
  shipping_country: "us",
})

describe("whether an account's rules let a provider serve a cart", () => {
  const bounds = withRules([
    { currency: "USD", min_amount: "10.00", max_amount: "5000.00" },
  ])

  it("takes both bounds as inclusive and refuses one minor unit beyond", () => {
    expect(availabilityOf(bounds, CARD, usdCart("10.00"))).toEqual({
      available: true,
    })
    expect(availabilityOf(bounds, CARD, usdCart("5000.00"))).toEqual({
      available: true,
    })
    expect(availabilityOf(bounds, CARD, usdCart("5000.01"))).toEqual({
      available: false,
      rule: "max_amount",
      message: "Card payments are available for orders up to 5,000.00 USD.",
    })
    expect(availabilityOf(bounds, CARD, usdCart("9.99"))).toEqual({
      available: false,
      rule: "min_amount",
      message: "Card payments are available for orders from 10.00 USD.",
    })
  })

  it("compares the total the shopper pays: Medusa's extra digits rounded once, half up", () => {
    // 5000.004 is charged 5000.00, 5000.005 is charged 5000.01
    expect(availabilityOf(bounds, CARD, usdCart("5000.004")).available).toBe(
      true
    )
    expect(availabilityOf(bounds, CARD, usdCart("5000.005"))).toMatchObject({
      available: false,
      rule: "max_amount",
    })
  })

  it("reads JPY without minor digits", () => {
    const yen = withRules([{ currency: "JPY", max_amount: "300000" }])
    const cart = (total: string): AvailabilityCart => ({
      total,
      currency: "jpy",
    })
    expect(availabilityOf(yen, CARD, cart("300000")).available).toBe(true)
    expect(availabilityOf(yen, CARD, cart("300001"))).toEqual({
      available: false,
      rule: "max_amount",
      message: "Card payments are available for orders up to 300,000 JPY.",
    })
  })

  it("applies a rule only to its currency and its providers", () => {
    const cardOnly = withRules([
      { providers: [CARD], currency: "EUR", max_amount: "100.00" },
    ])
    // another currency: the rule says nothing about it
    expect(availabilityOf(cardOnly, CARD, usdCart("500.00")).available).toBe(
      true
    )
    const euro: AvailabilityCart = { total: "500.00", currency: "EUR" }
    expect(availabilityOf(cardOnly, CARD, euro).available).toBe(false)
    expect(availabilityOf(cardOnly, HOSTED, euro).available).toBe(true)
  })

  it("allows only the listed billing and shipping countries; a missing address breaks the rule", () => {
    const dach = withRules([
      { billing_countries: ["de", "at", "ch"], shipping_countries: ["de"] },
    ])
    const cart = (
      billing: string | null,
      shipping: string | null
    ): AvailabilityCart => ({
      total: "20.00",
      currency: "EUR",
      billing_country: billing,
      shipping_country: shipping,
    })
    expect(availabilityOf(dach, CARD, cart("AT", "de")).available).toBe(true)
    expect(availabilityOf(dach, CARD, cart("fr", "de"))).toEqual({
      available: false,
      rule: "billing_country",
      message:
        "Card payments are available only for billing addresses in Germany, Austria or Switzerland.",
    })
    expect(availabilityOf(dach, CARD, cart("de", "at"))).toEqual({
      available: false,
      rule: "shipping_country",
      message: "Card payments are available only for deliveries to Germany.",
    })
    expect(availabilityOf(dach, CARD, cart(null, "de"))).toMatchObject({
      available: false,
      rule: "billing_country",
    })
    // a payment started without the cart (only its amount known): the countries are not judged
    expect(
      availabilityOf(dach, CARD, { total: "20.00", currency: "EUR" }).available
    ).toBe(true)
  })

  it("names the first rule broken, in the order the rules are written", () => {
    const two = withRules([
      { shipping_countries: ["de"] },
      { currency: "USD", max_amount: "1.00" },
    ])
    expect(availabilityOf(two, CARD, usdCart("2.00"))).toMatchObject({
      rule: "shipping_country",
    })
  })

  it("limits nothing without rules", () => {
    expect(
      availabilityOf(testAccount(), CARD, usdCart("999999999.99")).available
    ).toBe(true)
    expect(
      availabilityOf(withRules([]), CARD, usdCart("999999999.99")).available
    ).toBe(true)
  })
})
