import {
  bodyOf,
  emptyForm,
  serverErrorsOf,
  validate,
  type AccountForm,
} from "./account-schema"

function filled(patch: Partial<AccountForm> = {}): AccountForm {
  return {
    ...emptyForm(),
    name: "Sandbox",
    merchant_id: "M100",
    account_id: "A200",
    sign_key: "secret",
    base_url: "https://gateway.example.com",
    ...patch,
  }
}

describe("the account form", () => {
  it("names every missing required field at once, one message each", () => {
    expect(
      validate(
        emptyForm(),
        new Set(["sign_key", "website_url", "backend_url", "storefront_url"])
      )
    ).toEqual({
      name: "is required",
      merchant_id: "is required",
      account_id: "is required",
      sign_key: "is required",
      base_url: "is required",
      website_url: "is required",
      backend_url: "is required",
      storefront_url: "is required",
    })
  })

  it("lets a field medusa-config supplies stay blank", () => {
    expect(validate(filled({ sign_key: "" }), new Set())).toEqual({})
    expect(validate(filled(), new Set(["website_url"]))).toEqual({
      website_url: "is required",
    })
  })

  it("checks what is typed as the server does", () => {
    expect(
      validate(
        filled({
          base_url: "not a url",
          storefront_url: "checkout/return",
          order_prefix: "MED-1",
          timeout_ms: "200000",
          currencies: "usd, euro",
          advanced: "[1]",
        }),
        new Set()
      )
    ).toEqual({
      base_url: "must be an absolute http(s) URL",
      storefront_url: "must be an absolute http(s) URL",
      order_prefix: "may hold only letters, digits and underscores",
      timeout_ms: "must be a whole number of milliseconds, at most 120000",
      currencies: "must be ISO 4217 codes separated by commas (e.g. usd, eur)",
      advanced: "must be a JSON object",
    })
  })

  it("refuses plain http off loopback in live mode, with the other faults", () => {
    expect(
      validate(
        filled({
          mode: "live",
          name: "",
          base_url: "http://gateway.example.com",
          backend_url: "http://localhost:9000",
          website_url: "http://shop.example.com",
        }),
        new Set()
      )
    ).toEqual({
      name: "is required",
      base_url:
        'must use https in live mode (choose mode "Test" for a test gateway)',
    })
  })

  it("sends blank optional fields as null and the sign key only when typed", () => {
    expect(
      bodyOf(filled({ sign_key: "", timeout_ms: " 45000 " }))
    ).toMatchObject({
      website_url: null,
      backend_url: null,
      storefront_url: null,
      three_d_secure: null,
      capture_on: null,
      timeout_ms: 45000,
    })
    expect(bodyOf(filled({ sign_key: "" }))).not.toHaveProperty("sign_key")
  })

  it("shows a server refusal beside the fields it names", () => {
    expect(
      serverErrorsOf(
        "website_url: is required (medusa-config supplies none); storefront_url: is required (medusa-config supplies none)"
      )
    ).toEqual({
      fields: {
        website_url: "is required (medusa-config supplies none)",
        storefront_url: "is required (medusa-config supplies none)",
      },
    })
    // the key that encrypts sign keys at rest: beside the sign key
    expect(
      serverErrorsOf(
        "Set ACQUIRING_SETTINGS_KEY (32 bytes, base64 or hex) in the backend's environment"
      )
    ).toEqual({
      fields: {
        sign_key:
          "Set ACQUIRING_SETTINGS_KEY (32 bytes, base64 or hex) in the backend's environment",
      },
    })
    expect(
      serverErrorsOf("Invalid request: body: has unknown field(s) apiKey")
    ).toEqual({ fields: {}, rest: "body: has unknown field(s) apiKey" })
  })

  it("edits availability rules one rule at a time, beside the section when refused", () => {
    const rule = {
      providers: [],
      currency: "usd",
      min_amount: "",
      max_amount: " 5000.00 ",
      billing_countries: "US, ca",
      shipping_countries: "",
    }
    expect(validate(filled({ availability: [rule] }), new Set())).toEqual({})
    expect(bodyOf(filled({ availability: [rule] })).availability).toEqual({
      rules: [
        {
          currency: "USD",
          max_amount: "5000.00",
          billing_countries: ["us", "ca"],
        },
      ],
    })
    expect(bodyOf(filled({ availability: [] })).availability).toBeNull()
    expect(
      validate(
        filled({ availability: [rule, { ...rule, currency: "" }] }),
        new Set()
      )
    ).toEqual({
      availability:
        "Rule 2, max_amount: needs the rule's currency (each currency has its own digits)",
    })
    expect(
      serverErrorsOf(
        "Invalid request: availability.rules[0].min_amount: must have at most 0 decimal places for JPY"
      )
    ).toEqual({
      fields: {
        availability:
          "Rule 1, min_amount: must have at most 0 decimal places for JPY",
      },
    })
  })
})
