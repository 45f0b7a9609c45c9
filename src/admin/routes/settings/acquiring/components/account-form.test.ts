import type { Account } from "../../../../lib/settings-api"
import { adminAccount } from "./__fixtures__/admin-account"
import { filledForm } from "./__fixtures__/filled-form"
import {
  bodyOf,
  changedBodyOf,
  emptyForm,
  formOf,
  serverErrorsOf,
  validate,
} from "./account-form"

const account = adminAccount({
  id: "acct_1",
  merchant_id: "M100",
  account_id: "A200",
  base_url: "https://gateway.example.com",
  created_at: "2026-11-27T09:00:00.000Z",
  updated_at: "2026-11-27T09:00:00.000Z",
})

const filled = filledForm

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
      timeout_ms: "must be at most 120000 (2 minutes)",
      currencies: '"euro" must be an ISO 4217 currency code',
      advanced: "must be a JSON object",
    })
  })

  it("judges what the text makes with the server's own schema", () => {
    // codes of the right shape the server still refuses, and the advanced
    // overrides' own field checks
    expect(
      validate(
        filled({
          currencies: "usd xau",
          timeout_ms: "12.5",
          advanced: '{"lookup_retries": 9, "recipes": {"pay": []}}',
          providers: ["pp_stripe_stripe"],
        }),
        new Set()
      )
    ).toEqual({
      currencies: '"xau" must be an ISO 4217 currency code',
      timeout_ms: "must be a whole number of milliseconds",
      advanced: "recipes.pay: must list at least one field",
      providers:
        "entry 1: must be an acquiring provider id such as pp_acquiring-card_acquiring",
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
        'must use https in live mode (mode "test" is for a test gateway)',
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

  it("sends the sales channels and regions ticked, and puts the server's refusal of them beside their field", () => {
    const form = formOf({
      ...account,
      sales_channels: ["sc_web"],
      regions: ["reg_eu", "reg_uk"],
    })
    expect([form.sales_channels, form.regions]).toEqual([
      ["sc_web"],
      ["reg_eu", "reg_uk"],
    ])
    const body = bodyOf(form)
    expect([body.sales_channels, body.regions]).toEqual([
      ["sc_web"],
      ["reg_eu", "reg_uk"],
    ])
    expect(bodyOf(emptyForm())).toMatchObject({
      sales_channels: [],
      regions: [],
    })
    expect(
      serverErrorsOf(
        'Invalid request: sales_channels: the account would serve the same carts as "Web", which is as specific'
      )
    ).toEqual({
      fields: {
        sales_channels:
          'the account would serve the same carts as "Web", which is as specific',
      },
    })
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
    // each typo named by its rule and part, in the server's words
    const typo = (patch: Partial<typeof rule>) =>
      validate(filled({ availability: [{ ...rule, ...patch }] }), new Set())
        .availability
    expect(typo({ max_amount: "", billing_countries: "", currency: "" })).toBe(
      "Rule 1: must limit something: min_amount, max_amount, billing_countries or shipping_countries"
    )
    expect(typo({ min_amount: "1,00" })).toBe(
      'Rule 1, min_amount: must be a decimal string such as "5000.00"'
    )
    expect(typo({ billing_countries: "de, zz" })).toBe(
      'Rule 1, billing_countries entry 2: must be an ISO 3166-1 alpha-2 country code such as "de"'
    )
    expect(typo({ currency: "JPY", max_amount: "10.5" })).toBe(
      "Rule 1, max_amount: must have at most 0 decimal places for JPY"
    )
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

  it("keeps the payment-method preferences in their own fields and sends them in the advanced overrides", () => {
    const stored = {
      lookup_retries: 3,
      payment_methods: {
        hidden: ["WALLET"],
        order: ["BANK_TRANSFER"],
        budget_ms: 900,
      },
    }
    const form = formOf({ ...account, advanced: stored })
    expect(form.hidden_methods).toBe("WALLET")
    expect(form.method_order).toBe("BANK_TRANSFER")
    expect(JSON.parse(form.advanced)).toEqual({
      lookup_retries: 3,
      payment_methods: { budget_ms: 900 },
    })
    expect(
      bodyOf({ ...form, method_order: "bank_transfer, card" }).advanced
    ).toEqual({
      lookup_retries: 3,
      payment_methods: {
        budget_ms: 900,
        hidden: ["WALLET"],
        order: ["BANK_TRANSFER", "CARD"],
      },
    })
    // cleared fields leave the preferences out
    expect(
      bodyOf({ ...form, hidden_methods: "", method_order: "" }).advanced
    ).toEqual({
      lookup_retries: 3,
      payment_methods: { budget_ms: 900 },
    })
    expect(
      validate(filled({ hidden_methods: "WALLET, apple pay!" }), new Set())
    ).toEqual({
      hidden_methods:
        '"apple pay!" is not a payment method code: a code is letters, digits and _ (such as WALLET or BANK_TRANSFER); separate codes with commas',
    })
  })

  it("takes codes separated by commas: two words are one value, refused, never two codes", () => {
    expect(
      validate(filled({ method_order: "FOO BAR" }), new Set()).method_order
    ).toBe(
      '"FOO BAR" is not a payment method code: a code is letters, digits and _ (such as WALLET or BANK_TRANSFER); separate codes with commas'
    )
    expect(
      bodyOf(filled({ hidden_methods: " wallet,\nBANK_TRANSFER , " })).advanced
    ).toEqual({ payment_methods: { hidden: ["WALLET", "BANK_TRANSFER"] } })
  })

  it("sends only the fields changed since the account was opened", () => {
    const stored: Account = {
      ...account,
      currencies: ["eur", "usd"],
      auto_capture: true,
      advanced: { lookup_retries: 3, retention: { history_days: 400 } },
      availability: { rules: [{ currency: "EUR", max_amount: "5000.00" }] },
    }
    const saved = formOf(stored)
    // nothing changed: nothing sent (auto_capture is not turned into capture_on)
    expect(changedBodyOf(saved, saved)).toEqual({})
    // the method fields: the advanced overrides as stored, with them in, and nothing else
    expect(
      changedBodyOf(
        { ...saved, hidden_methods: "WALLET", method_order: "CARD" },
        saved
      )
    ).toEqual({
      advanced: {
        lookup_retries: 3,
        retention: { history_days: 400 },
        payment_methods: { hidden: ["WALLET"], order: ["CARD"] },
      },
    })
    // a value typed otherwise but meaning the same is no change
    expect(
      changedBodyOf(
        { ...saved, currencies: "EUR,USD", name: "Sandbox " },
        saved
      )
    ).toEqual({})
    expect(
      changedBodyOf({ ...saved, enabled: false, sign_key: "new-key" }, saved)
    ).toEqual({ enabled: false, sign_key: "new-key" })
  })

  it("keeps the retention periods in their own fields and sends them in the advanced overrides", () => {
    const stored = {
      lookup_retries: 3,
      payment_methods: { hidden: ["WALLET"] },
      retention: { shopper_data_days: 90, history_days: 730 },
    }
    const form = formOf({ ...account, advanced: stored })
    expect(form.shopper_data_days).toBe("90")
    expect(form.history_days).toBe("730")
    expect(form.hidden_methods).toBe("WALLET")
    expect(JSON.parse(form.advanced)).toEqual({ lookup_retries: 3 })
    expect(bodyOf({ ...form, history_days: " 400 " }).advanced).toEqual({
      lookup_retries: 3,
      payment_methods: { hidden: ["WALLET"] },
      retention: { shopper_data_days: 90, history_days: 400 },
    })
    // both cleared: medusa-config's periods, else the defaults
    expect(
      bodyOf({ ...form, shopper_data_days: "", history_days: "" }).advanced
    ).toEqual({ lookup_retries: 3, payment_methods: { hidden: ["WALLET"] } })
    expect(bodyOf(filled({ shopper_data_days: "30" })).advanced).toEqual({
      retention: { shopper_data_days: 30 },
    })
  })

  it("names a retention period that is not a whole number of days from 1 to 3650 beside its field", () => {
    expect(
      validate(
        filled({ shopper_data_days: "six months", history_days: "0" }),
        new Set()
      )
    ).toEqual({
      shopper_data_days: "must be a whole number of days",
      history_days: "must be positive",
    })
    expect(validate(filled({ history_days: "3651" }), new Set())).toEqual({
      history_days: "must be at most 3650 (10 years)",
    })
  })
})
