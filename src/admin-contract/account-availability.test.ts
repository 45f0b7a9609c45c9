import { UpdateAccountSchema } from "./account-requests"
import { AvailabilitySchema } from "./account-availability"

const CARD = "pp_acquiring-card_acquiring"

function issuesOf(value: unknown): string[] {
  const parsed = AvailabilitySchema.safeParse(value)
  return parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)
}

describe("availability rules as the admin saves them", () => {
  it("keeps amounts with the currency's digits, codes in their documented case", () => {
    expect(
      AvailabilitySchema.parse({
        rules: [
          {
            providers: [CARD],
            currency: "usd",
            min_amount: "1",
            max_amount: "5000.5",
          },
          { currency: "JPY", max_amount: "100000" },
          {
            billing_countries: ["DE", " at ", "de"],
            shipping_countries: ["de"],
          },
        ],
      })
    ).toEqual({
      rules: [
        {
          providers: [CARD],
          currency: "USD",
          min_amount: "1.00",
          max_amount: "5000.50",
        },
        { currency: "JPY", max_amount: "100000" },
        { billing_countries: ["de", "at"], shipping_countries: ["de"] },
      ],
    })
  })

  it("refuses an amount without a currency, or with more digits than its currency has", () => {
    expect(issuesOf({ rules: [{ max_amount: "10.00" }] })).toEqual([
      "rules.0.max_amount: needs the rule's currency (each currency has its own digits)",
    ])
    expect(
      issuesOf({ rules: [{ currency: "JPY", min_amount: "1.5" }] })
    ).toEqual([
      "rules.0.min_amount: must have at most 0 decimal places for JPY",
    ])
    expect(
      issuesOf({ rules: [{ currency: "USD", max_amount: "10.001" }] })
    ).toEqual([
      "rules.0.max_amount: must have at most 2 decimal places for USD",
    ])
    expect(
      issuesOf({ rules: [{ currency: "KWD", max_amount: "10.001" }] })
    ).toEqual([])
  })

  it("refuses negative, float-looking and reversed amounts", () => {
    expect(
      issuesOf({ rules: [{ currency: "USD", min_amount: "-1.00" }] })
    ).toEqual([
      'rules.0.min_amount: must be a decimal string such as "5000.00"',
    ])
    expect(issuesOf({ rules: [{ currency: "USD", max_amount: 50 }] })).toEqual([
      'rules.0.max_amount: must be a decimal string such as "5000.00"',
    ])
    expect(
      issuesOf({ rules: [{ currency: "USD", max_amount: "1e3" }] })
    ).toEqual([
      'rules.0.max_amount: must be a decimal string such as "5000.00"',
    ])
    expect(
      issuesOf({
        rules: [{ currency: "USD", min_amount: "20", max_amount: "19.99" }],
      })
    ).toEqual(["rules.0.min_amount: must not be above max_amount (19.99)"])
    // the same bound at both ends is one exact amount
    expect(
      issuesOf({
        rules: [{ currency: "USD", min_amount: "20", max_amount: "20.00" }],
      })
    ).toEqual([])
  })

  it("refuses unknown currencies, countries and providers, and a rule that limits nothing", () => {
    expect(
      issuesOf({ rules: [{ currency: "XYZ", billing_countries: ["de"] }] })
    ).toEqual([
      'rules.0.currency: must be an ISO 4217 currency code such as "USD"',
    ])
    expect(
      issuesOf({ rules: [{ billing_countries: ["de", "xx", "deu", "eu"] }] })
    ).toEqual([
      'rules.0.billing_countries.1: must be an ISO 3166-1 alpha-2 country code such as "de"',
      'rules.0.billing_countries.2: must be an ISO 3166-1 alpha-2 country code such as "de"',
      'rules.0.billing_countries.3: must be an ISO 3166-1 alpha-2 country code such as "de"',
    ])
    expect(issuesOf({ rules: [{ shipping_countries: [] }] })).toEqual([
      "rules.0.shipping_countries: must name at least one country (leave it out to allow every country)",
    ])
    expect(
      issuesOf({
        rules: [{ providers: ["pp_stripe_stripe"], max_amount: "1" }],
      })
    ).toContain(
      "rules.0.providers.0: must be an acquiring provider id such as pp_acquiring-card_acquiring"
    )
    expect(
      issuesOf({ rules: [{ providers: [CARD], currency: "USD" }] })
    ).toEqual([
      "rules.0: must limit something: min_amount, max_amount, billing_countries or shipping_countries",
    ])
    expect(issuesOf({ rules: [{ max: "1" }] })).toContain(
      'rules.0: Unrecognized key: "max"'
    )
    expect(issuesOf({ rule: [] })).toEqual(
      expect.arrayContaining(["rules: must be a list of rules"])
    )
  })

  it("is a field of the account update, null clearing it", () => {
    expect(UpdateAccountSchema.parse({ availability: null })).toEqual({
      availability: null,
    })
    const refused = UpdateAccountSchema.safeParse({
      availability: { rules: [{ currency: "USD", min_amount: "x" }] },
    })
    expect(refused.error?.issues.map((i) => i.path.join("."))).toEqual([
      "availability.rules.0.min_amount",
    ])
  })
})
