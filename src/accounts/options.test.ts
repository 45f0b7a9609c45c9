import { AcquiringOptionsError, parseAcquiringOptions } from "./options"

const valid = {
  merchant_id: "M100",
  account_id: "A200",
  sign_key: "k3y-Secret",
  base_url: "https://test-gateway.example/",
  website: "https://shop.example",
  backend_url: "https://api.shop.example",
  storefront_return_url: "https://shop.example/checkout/return",
  storefront_cancel_url: "https://shop.example/checkout/cancel",
}

function issuesOf(raw: unknown): string[] {
  try {
    parseAcquiringOptions(raw)
  } catch (error) {
    expect(error).toBeInstanceOf(AcquiringOptionsError)
    return (error as AcquiringOptionsError).issues.map(
      (issue) => `${issue.path}: ${issue.message}`
    )
  }
  throw new Error("expected the options to be refused")
}

describe("provider options", () => {
  it("accepts a complete configuration and fills defaults", () => {
    const options = parseAcquiringOptions(valid)
    expect(options.base_url).toBe("https://test-gateway.example")
    expect(options.order_prefix).toBe("MED")
    expect(options.timeout_ms).toBe(30000)
    expect(options.three_d_secure).toBe("issuer")
    expect(options.mode).toBe("live")
  })

  it("limits the carts it serves to ISO 4217 currencies, stored lower case", () => {
    expect(
      parseAcquiringOptions({ ...valid, currencies: ["USD"] }).currencies
    ).toEqual(["usd"])
    expect(issuesOf({ ...valid, currencies: ["usd", "xyz"] })).toEqual([
      'currencies.1: must be an ISO 4217 currency code such as "USD"',
    ])
  })

  it("names each missing option", () => {
    const issues = issuesOf({ ...valid, merchant_id: undefined, sign_key: "" })
    expect(issues).toContain(
      "merchant_id: is required (merchant identifier from the acquirer)"
    )
    expect(issues).toContain("sign_key: must not be empty")
  })

  it("refuses plain http in live mode but allows it on loopback or in test mode", () => {
    expect(issuesOf({ ...valid, base_url: "http://gateway.example" })).toEqual([
      'base_url: must use https in live mode (mode "test" is for a test gateway)',
    ])
    expect(
      parseAcquiringOptions({ ...valid, base_url: "http://127.0.0.1:4010" })
        .base_url
    ).toBe("http://127.0.0.1:4010")
    expect(
      parseAcquiringOptions({
        ...valid,
        mode: "test",
        base_url: "http://gw.test",
      }).mode
    ).toBe("test")
  })

  it("explains bad values without echoing the sign_key", () => {
    const issues = issuesOf({
      ...valid,
      order_prefix: "MED-2026",
      timeout_ms: 0,
      three_d_secure: "maybe",
      sign_key: 42,
    })
    expect(issues).toContain(
      "order_prefix: may hold only letters, digits and underscores"
    )
    expect(issues).toContain("timeout_ms: must be positive")
    expect(issues).toContain('three_d_secure: must be "always" or "issuer"')
    expect(issues.join(" ")).not.toContain("42")
  })

  it("validates overrides of recipes, status codes and limits", () => {
    expect(
      issuesOf({ ...valid, recipes: { authorize: ["merchant_id"] } })[0]
    ).toMatch(/^recipes\.authorize: unknown message kind "authorize"/)
    expect(
      issuesOf({
        ...valid,
        status_codes: { payment_status: { "5000": "paid" } },
      })[0]
    ).toMatch(/^status_codes\.payment_status\.5000:/)
    expect(issuesOf({ ...valid, limits: { batch: { capture: -1 } } })).toEqual([
      "limits.batch.capture: must be positive",
    ])
    const options = parseAcquiringOptions({
      ...valid,
      status_codes: { order_status: { "9": "review" } },
      limits: { batch: { refund: 10 } },
    })
    expect(options.status_codes?.order_status?.["9"]).toBe("review")
    expect(options.limits?.batch?.refund).toBe(10)
  })

  it("keeps shopper data 180 days and history 365 days unless told otherwise", () => {
    expect(parseAcquiringOptions(valid).retention).toEqual({
      shopper_data_days: 180,
      history_days: 365,
    })
    expect(
      parseAcquiringOptions({ ...valid, retention: { history_days: 730 } })
        .retention
    ).toEqual({ shopper_data_days: 180, history_days: 730 })
    expect(
      parseAcquiringOptions({
        ...valid,
        retention: { shopper_data_days: 1, history_days: 3650 },
      }).retention
    ).toEqual({ shopper_data_days: 1, history_days: 3650 })
  })

  it("refuses retention periods that are not whole days from 1 to 3650", () => {
    expect(
      issuesOf({
        ...valid,
        retention: { shopper_data_days: 0, history_days: 3651 },
      })
    ).toEqual([
      "retention.shopper_data_days: must be positive",
      "retention.history_days: must be at most 3650 (10 years)",
    ])
    expect(
      issuesOf({ ...valid, retention: { shopper_data_days: 1.5 } })
    ).toEqual(["retention.shopper_data_days: must be a whole number"])
    expect(issuesOf({ ...valid, retention: { days: 30 } })).toEqual([
      "retention: unknown option(s) days",
    ])
  })

  it("hands notifications to the worker's queue on Medusa's Redis, 32 at a time, unless told otherwise", () => {
    const options = parseAcquiringOptions({
      ...valid,
      notification_handling: "worker",
    })
    expect([options.notification_handling, options.notification_queue]).toEqual(
      ["worker", { prefix: "acquiring", concurrency: 32 }]
    )
    expect(parseAcquiringOptions(valid).notification_handling).toBe("prompt")
    expect(
      issuesOf({
        ...valid,
        notification_handling: "later",
        notification_queue: { prefix: "a b", concurrency: 0, url: "x" },
      })
    ).toEqual([
      'notification_handling: must be "prompt", "worker" or "queued"',
      "notification_queue.prefix: must be 1–100 of A–Z, a–z, 0–9, :, _ and -",
      "notification_queue.concurrency: Too small: expected number to be >=1",
      "notification_queue: unknown option(s) url",
    ])
  })

  it("refuses unknown options", () => {
    expect(issuesOf({ ...valid, apiKey: "x" })).toEqual([
      "options: unknown option(s) apiKey",
    ])
  })
})
