import { availabilityOf, draftsOf, ruleReason } from "./availability-form"

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
