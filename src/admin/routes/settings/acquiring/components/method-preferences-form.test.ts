import { servedProvider } from "./__fixtures__/served-provider"
import {
  methodBlankText,
  methodCodeProblems,
  neverOfferedFlags,
  sameCodes,
} from "./method-preferences-form"

const texts = { hidden_methods: "wallet, FOO", method_order: "CARD" }
const offered = {
  outcome: "answered" as const,
  codes: ["CARD", "WALLET", "BANK_TRANSFER"],
  asked: [{ currency: "EUR", amount: "10.00" }],
}

describe("the payment-method codes of the account form", () => {
  it("flags before saving a code the acquirer has not offered the account, naming what it offers", () => {
    expect(
      neverOfferedFlags(texts, ["hidden_methods", "method_order"], offered)
    ).toEqual({
      hidden_methods:
        "Never offered to this account by the acquirer: FOO (asked just now, it offers CARD, WALLET, BANK_TRANSFER). Check the spelling, or save again to keep it.",
    })
    // only the fields asked about
    expect(neverOfferedFlags(texts, ["method_order"], offered)).toEqual({})
  })

  it("says when the acquirer could not be asked", () => {
    expect(
      neverOfferedFlags(texts, ["method_order"], {
        outcome: "not_asked",
        message: "the acquirer could not be reached",
      })
    ).toEqual({
      method_order:
        "Not checked against the methods the acquirer offers: the acquirer could not be reached. Save again to keep these codes.",
    })
  })

  it("reads codes whatever their case and spacing, and refuses two words as one code", () => {
    expect(sameCodes("wallet ,card", "WALLET, CARD")).toBe(true)
    expect(sameCodes("CARD, WALLET", "WALLET, CARD")).toBe(false)
    expect(
      methodCodeProblems({ hidden_methods: "FOO BAR", method_order: "" })
    ).toEqual({
      hidden_methods:
        '"FOO BAR" is not a payment method code: a code is letters, digits and _ (such as WALLET or BANK_TRANSFER); separate codes with commas',
    })
  })

  it("say what a blank field leaves in force: medusa-config's codes, else the acquirer's", () => {
    const inherited = {
      payment_methods: {
        value: { hidden: ["WALLET"], order: [], budget_ms: 1500 },
        source: "config" as const,
      },
    }
    const served = [servedProvider(inherited)]
    expect(methodBlankText("hidden_methods", served)).toBe(
      "Left blank: WALLET (medusa-config)."
    )
    expect(methodBlankText("method_order", served)).toBe(
      "Left blank: the acquirer's order."
    )
    expect(methodBlankText("hidden_methods", [])).toBe(
      "Left blank: every method the acquirer recommends."
    )
  })
})
