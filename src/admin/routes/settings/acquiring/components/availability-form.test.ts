import {
  availabilityOf,
  draftsOf,
  emptyRule,
  ruleReason,
  rulesProblem,
} from "./availability-form"

const CARD = "pp_acquiring-card_acquiring"

describe("availability rules in the account form", () => {
  it("shows saved rules as drafts and sends them back as saved", () => {
    const saved = {
      rules: [
        { providers: [CARD], currency: "JPY", max_amount: "700000" },
        { billing_countries: ["us", "ca"], shipping_countries: ["us"] },
      ],
    }
    const drafts = draftsOf(saved)
    expect(drafts[1]).toEqual({
      providers: [],
      currency: "",
      min_amount: "",
      max_amount: "",
      billing_countries: "us, ca",
      shipping_countries: "us",
    })
    expect(availabilityOf(drafts)).toEqual(saved)
    expect(draftsOf(null)).toEqual([])
  })

  it("names the rule and the part a typo is in", () => {
    expect(rulesProblem([emptyRule()])).toBe(
      "Rule 1: must limit something: a minimum or maximum amount, or a list of countries"
    )
    expect(
      rulesProblem([
        { ...emptyRule(), shipping_countries: "de" },
        { ...emptyRule(), currency: "USD", min_amount: "1,00" },
      ])
    ).toBe('Rule 2, min_amount: must be a decimal string such as "5000.00"')
    expect(
      rulesProblem([{ ...emptyRule(), billing_countries: "de, deu" }])
    ).toBe(
      'Rule 1, billing_countries: "deu" is not an ISO 3166-1 alpha-2 country code such as "de"'
    )
    expect(
      rulesProblem([{ ...emptyRule(), currency: "US$", max_amount: "1" }])
    ).toBe('Rule 1, currency: must be an ISO 4217 currency code such as "USD"')
  })

  it("reads the server's rule paths as the editor names them", () => {
    expect(ruleReason("rules[2].billing_countries[0]: must be …")).toBe(
      "Rule 3, billing_countries entry 1: must be …"
    )
    expect(ruleReason("rules[0]: must limit something")).toBe(
      "Rule 1: must limit something"
    )
    expect(ruleReason("rules: must hold at most 100 rules")).toBe(
      "rules: must hold at most 100 rules"
    )
  })
})
