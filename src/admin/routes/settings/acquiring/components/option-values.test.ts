import { optionValueText } from "./option-values"

describe("the Providers block's words for the 3-D Secure and statement options", () => {
  it("lists the rules in order, in words", () => {
    expect(
      optionValueText("three_d_secure_rules", [
        {
          when: "amount_above",
          amounts: [
            { currency: "EUR", amount: "250.00" },
            { currency: "USD", amount: "300.00" },
          ],
        },
        { when: "ip_country", countries: ["ng", "gh"], ask: false },
        { when: "first_order" },
      ])
    ).toBe(
      "1. amount above 250.00 EUR or 300.00 USD: ask; 2. IP country NG, GH: the issuer decides; 3. the customer's first order: ask"
    )
  })

  it("says what stands in when nothing is set", () => {
    expect(optionValueText("three_d_secure_rules", [])).toBe(
      "none: three_d_secure decides"
    )
    expect(optionValueText("statement_descriptor", undefined)).toBe(
      "the acquirer's own"
    )
    expect(optionValueText("ip_country_header", undefined)).toBe(
      "none: the IP country is not known"
    )
    expect(
      optionValueText("statement_descriptor", {
        text: "ACME EU",
        append_order_no: true,
      })
    ).toBe('"ACME EU" and the order number')
  })
})
