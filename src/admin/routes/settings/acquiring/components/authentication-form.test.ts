import { adminAccount } from "./__fixtures__/admin-account"
import { bodyOf, emptyForm, formOf, validate } from "./account-form"
import {
  inheritedSecureRules,
  threeDSecureInForce,
} from "./authentication-form"

const stored = {
  three_d_secure_rules: [
    {
      when: "amount_above",
      amounts: [
        { currency: "EUR", amount: "250.00" },
        { currency: "USD", amount: "300.00" },
      ],
    },
    { when: "billing_country", countries: ["us", "ca"], ask: false },
    { when: "first_order" },
  ],
  statement_descriptor: { text: "ACME EU", append_order_no: true },
  limits: { fields: { descriptor: 18 } },
}

const account = adminAccount({
  id: "acct_1",
  name: "EU",
  merchant_id: "M1",
  account_id: "A1",
  base_url: "https://gateway.example.com",
  advanced: stored,
})

describe("the account form's 3-D Secure rules and statement descriptor", () => {
  it("shows stored rules as fields, leaves the rest in the JSON, and sends them back as stored", () => {
    const form = formOf(account)
    expect(form.three_d_secure_rules).toEqual([
      { when: "amount_above", value: "250.00 EUR, 300.00 USD", ask: true },
      { when: "billing_country", value: "us, ca", ask: false },
      { when: "first_order", value: "", ask: true },
    ])
    expect(form.descriptor_text).toBe("ACME EU")
    expect(form.descriptor_append).toBe(true)
    expect(JSON.parse(form.advanced)).toEqual({
      limits: { fields: { descriptor: 18 } },
    })
    expect(bodyOf(form).advanced).toEqual(stored)
  })

  it("reads amounts either way round and names a refused rule by its number", () => {
    const form = {
      ...emptyForm(),
      three_d_secure_rules: [
        { when: "amount_above" as const, value: "EUR 99", ask: true },
        { when: "amount_above" as const, value: "1.5 JPY", ask: true },
      ],
      descriptor_text: "Café",
    }
    expect(bodyOf(form).advanced).toMatchObject({
      three_d_secure_rules: [
        { when: "amount_above", amounts: [{ currency: "EUR", amount: "99" }] },
        expect.anything(),
      ],
    })
    const errors = validate(form, new Set())
    expect(errors.three_d_secure_rules).toBe(
      "Rule 2: must have at most 0 decimal places for JPY"
    )
    expect(errors.descriptor_text).toBe(
      "may hold only Latin letters, digits, spaces and . , - * / & + #"
    )
  })

  it("previews with the form's choice, else what is inherited, and medusa-config's rules while the form has none", () => {
    expect(threeDSecureInForce("always", { kind: "unknown" })).toBe("always")
    expect(
      threeDSecureInForce("inherit", {
        kind: "value",
        value: "always",
        source: "config",
      })
    ).toBe("always")
    expect(threeDSecureInForce("inherit", { kind: "none" })).toBe("issuer")
    const provider = {
      effective: {},
      inherited: {
        three_d_secure_rules: {
          value: [{ when: "ip_country", countries: ["NG"] }],
          source: "config" as const,
        },
      },
    }
    expect(inheritedSecureRules([provider])).toEqual([
      { when: "ip_country", countries: ["ng"] },
    ])
  })
})
