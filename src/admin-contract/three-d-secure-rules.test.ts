import {
  decideThreeDSecure,
  decisionText,
  ThreeDSecureRulesSchema,
  type PaymentFacts,
} from "./three-d-secure-rules"

const rules = ThreeDSecureRulesSchema.parse([
  {
    when: "amount_above",
    amounts: [
      { currency: "eur", amount: "250" },
      { currency: "JPY", amount: "30000" },
    ],
  },
  { when: "billing_country", countries: ["US", "ca"] },
  { when: "shipping_country", countries: ["br"] },
  { when: "ip_country", countries: ["ng"] },
  { when: "first_order" },
  { when: "every_payment", ask: false },
])

const facts = (over: Partial<PaymentFacts> = {}): PaymentFacts => ({
  amount: "100.00",
  currency: "EUR",
  billing_country: "de",
  shipping_country: "de",
  ip_country: "de",
  first_order: false,
  presence: "shopper",
  ...over,
})

describe("3-D Secure rules", () => {
  it("keeps amounts in their currency's digits and codes in one case", () => {
    expect(rules[0]).toEqual({
      when: "amount_above",
      amounts: [
        { currency: "EUR", amount: "250.00" },
        { currency: "JPY", amount: "30000" },
      ],
    })
    expect(rules[1]).toEqual({
      when: "billing_country",
      countries: ["us", "ca"],
    })
  })

  it("asks above the amount, strictly, and only in that currency", () => {
    expect(
      decideThreeDSecure(rules, "issuer", facts({ amount: "250.01" }))
    ).toEqual({ asked: true, reason: "above 250.00 EUR", rule: 1 })
    expect(
      decideThreeDSecure(rules, "issuer", facts({ amount: "250.00" })).rule
    ).toBe(6)
    expect(
      decideThreeDSecure(
        rules,
        "issuer",
        facts({ amount: "9000.00", currency: "USD" })
      ).rule
    ).toBe(6)
  })

  it("asks for the billing, shipping and IP countries named", () => {
    expect(
      decideThreeDSecure(rules, "issuer", facts({ billing_country: "US" }))
    ).toEqual({ asked: true, reason: "billing country US", rule: 2 })
    expect(
      decideThreeDSecure(rules, "issuer", facts({ shipping_country: "br" }))
    ).toEqual({ asked: true, reason: "shipping country BR", rule: 3 })
    expect(
      decideThreeDSecure(rules, "issuer", facts({ ip_country: "ng" }))
    ).toEqual({ asked: true, reason: "IP country NG", rule: 4 })
    // not known: the rule does not match
    expect(
      decideThreeDSecure(rules, "issuer", facts({ ip_country: null })).rule
    ).toBe(6)
  })

  it("asks on a customer's first order, not when it is unknown", () => {
    expect(
      decideThreeDSecure(rules, "issuer", facts({ first_order: true }))
    ).toEqual({ asked: true, reason: "the customer's first order", rule: 5 })
    expect(
      decideThreeDSecure(rules, "issuer", facts({ first_order: null })).asked
    ).toBe(false)
  })

  it("lets a rule leave the payment to the issuer, and the first match decides", () => {
    const first = ThreeDSecureRulesSchema.parse([
      { when: "billing_country", countries: ["de"], ask: false },
      { when: "every_payment" },
    ])
    expect(decideThreeDSecure(first, "always", facts())).toEqual({
      asked: false,
      reason: "billing country DE",
      rule: 1,
    })
    expect(
      decideThreeDSecure(first, "issuer", facts({ billing_country: "fr" }))
    ).toEqual({ asked: true, reason: "every payment", rule: 2 })
  })

  it("falls back to the account's three_d_secure when no rule matches", () => {
    expect(decideThreeDSecure([], "always", facts())).toEqual({
      asked: true,
      reason: "the account's default: always",
      rule: null,
    })
    expect(decideThreeDSecure([], "issuer", facts()).asked).toBe(false)
  })

  it("never asks when the card holder is not present, whatever the rules", () => {
    const always = ThreeDSecureRulesSchema.parse([{ when: "every_payment" }])
    for (const presence of ["staff_entered", "merchant_initiated"] as const) {
      const decision = decideThreeDSecure(
        always,
        "always",
        facts({ presence, first_order: true })
      )
      expect(decision.asked).toBe(false)
      expect(decision.rule).toBeNull()
    }
  })

  it("words the decision as the payment records it", () => {
    expect(
      decisionText({ asked: true, reason: "above 250.00 EUR", rule: 1 })
    ).toBe("3-D Secure asked: above 250.00 EUR (rule 1)")
    expect(
      decisionText({
        asked: false,
        reason: "the account's default: the issuer decides",
        rule: null,
      })
    ).toBe("3-D Secure not asked: the account's default: the issuer decides")
  })

  it("refuses rules that could not decide, naming the place", () => {
    const issues = (value: unknown) =>
      ThreeDSecureRulesSchema.safeParse(value).error?.issues.map(
        (issue) => `${issue.path.join(".")}: ${issue.message}`
      )
    expect(
      issues([
        { when: "amount_above", amounts: [{ currency: "JPY", amount: "1.5" }] },
      ])
    ).toEqual([
      "0.amounts.0.amount: must have at most 0 decimal places for JPY",
    ])
    expect(
      issues([
        {
          when: "amount_above",
          amounts: [
            { currency: "EUR", amount: "1" },
            { currency: "eur", amount: "2" },
          ],
        },
      ])
    ).toEqual(["0.amounts.1.currency: names EUR twice"])
    expect(issues([{ when: "billing_country", countries: ["zz"] }])).toEqual([
      '0.countries.0: must be an ISO 3166-1 alpha-2 country code such as "de"',
    ])
    expect(issues([{ when: "sometimes" }])?.[0]).toMatch(
      /^0\.when: must be a rule/
    )
    expect(issues([{ when: "first_order", countries: ["de"] }])?.length).toBe(1)
  })
})
