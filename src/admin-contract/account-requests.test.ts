import { UpdateAccountSchema } from "./account-requests"

describe("an account's advanced overrides as they are stored", () => {
  it("keep only the values given: no default of the option is filled in", () => {
    const body = UpdateAccountSchema.parse({
      advanced: {
        payment_methods: { hidden: ["WALLET"] },
        retention: { history_days: 30 },
      },
    })
    expect(body.advanced).toEqual({
      payment_methods: { hidden: ["WALLET"] },
      retention: { history_days: 30 },
    })
  })

  it("still check each value and refuse what the option does not have", () => {
    const refused = UpdateAccountSchema.safeParse({
      advanced: {
        payment_methods: { hidden: ["FOO BAR"], budget_ms: 0, other: 1 },
        saved_cards: { security_code: "never" },
      },
    })
    const issues = refused.error?.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`
    )
    expect(issues).toEqual(
      expect.arrayContaining([
        "advanced.payment_methods.hidden.0: must be a payment method code such as WALLET",
        "advanced.payment_methods.budget_ms: must be positive",
        'advanced.saved_cards.security_code: must be "required" or "optional"',
      ])
    )
    expect(issues?.some((i) => i.includes('"other"'))).toBe(true)
  })
})
