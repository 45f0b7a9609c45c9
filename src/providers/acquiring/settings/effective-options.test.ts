import { testAccount } from "../__fixtures__/test-account"
import { accountFor, type AccountRecord } from "./account-record"
import { AccountSource } from "./account-source"
import {
  accountOverlay,
  configIssues,
  effectiveOptions,
  effectiveView,
} from "./effective-options"

const CONFIG = {
  merchant_id: "M-config",
  account_id: "A-config",
  sign_key: "config-key",
  base_url: "https://gw.example",
  website: "https://shop.example",
  backend_url: "https://api.shop.example",
  storefront_return_url: "https://shop.example/return",
  storefront_cancel_url: "https://shop.example/cancel",
  order_prefix: "CFG",
}

const account = (overrides: Partial<AccountRecord> = {}) =>
  testAccount({
    name: "Main",
    merchant_id: "M-admin",
    account_id: "A-admin",
    base_url: "http://127.0.0.1:4010",
    sign_key_encrypted: "v1.x.y.z",
    ...overrides,
  })

describe("effective options", () => {
  it("overlays medusa-config with the account's set values and keeps the rest", () => {
    const options = effectiveOptions(
      CONFIG,
      accountOverlay(
        account({
          storefront_url: "https://new.example/done",
          advanced: { limits: { batch: { refund: 5 } } },
        }),
        "admin-key"
      )
    )
    expect(options).toMatchObject({
      merchant_id: "M-admin",
      account_id: "A-admin",
      sign_key: "admin-key",
      base_url: "http://127.0.0.1:4010",
      mode: "test",
      website: "https://shop.example",
      order_prefix: "CFG",
      storefront_return_url: "https://new.example/done",
      storefront_cancel_url: "https://new.example/done",
      three_d_secure: "issuer",
      limits: { batch: { refund: 5 } },
    })
  })

  it("names each value's source and never shows the sign key", () => {
    const view = effectiveView(
      CONFIG,
      accountOverlay(account({ timeout_ms: 5000 }), "admin-key")
    )
    expect(view.merchant_id).toEqual({ value: "M-admin", source: "admin" })
    expect(view.website).toEqual({
      value: "https://shop.example",
      source: "config",
    })
    expect(view.auto_capture).toEqual({ value: false, source: "default" })
    expect(view.timeout_ms).toEqual({ value: 5000, source: "admin" })
    expect(view.sign_key).toEqual({ value: "set", source: "admin" })
    expect(JSON.stringify(view)).not.toContain("admin-key")
    expect(effectiveView({}, undefined).sign_key).toEqual({
      value: "not set",
      source: "default",
    })
  })

  it("shows the capture moment in force with the source that decided it", () => {
    const capture = (config: object, overlay?: Record<string, unknown>) =>
      effectiveView(config, overlay).capture_on
    expect(capture({})).toEqual({ value: "manual", source: "default" })
    // the older switch decides while nobody sets capture_on
    expect(capture({ auto_capture: true })).toEqual({
      value: "authorisation",
      source: "config",
    })
    expect(capture({}, { auto_capture: false })).toEqual({
      value: "manual",
      source: "admin",
    })
    // capture_on wins over auto_capture, whichever layer sets either
    expect(capture({ capture_on: "shipment" }, { auto_capture: true })).toEqual(
      { value: "shipment", source: "config" }
    )
    expect(
      capture({ auto_capture: true }, { capture_on: "fulfilment" })
    ).toEqual({ value: "fulfilment", source: "admin" })
  })

  it("shows the defaults in force while a required value is missing", () => {
    const view = effectiveView({ website: "https://shop.example" }, undefined)
    expect(view.timeout_ms).toEqual({ value: 30000, source: "default" })
    expect(view.three_d_secure).toEqual({ value: "issuer", source: "default" })
    expect(view.order_prefix).toEqual({ value: "MED", source: "default" })
    expect(view.website).toEqual({
      value: "https://shop.example",
      source: "config",
    })
    expect(view.backend_url).toEqual({ value: null, source: "default" })
  })

  it("accepts empty or partial options from medusa-config but not wrong ones", () => {
    expect(configIssues({})).toEqual([])
    expect(configIssues({ order_prefix: "OK_1" })).toEqual([])
    expect(configIssues({ order_prefix: "NO-DASH", apiKey: 1 })).toEqual([
      {
        path: "order_prefix",
        message: "may hold only letters, digits and underscores",
      },
      { path: "options", message: "unknown option(s) apiKey" },
    ])
  })
})

describe("choosing the account of a payment", () => {
  const all = account({
    id: "all",
    created_at: new Date("2026-01-01T00:00:00Z"),
  })
  const eur = account({
    id: "eur",
    currencies: ["eur"],
    created_at: new Date("2026-02-01T00:00:00Z"),
  })
  const hosted = account({
    id: "hosted",
    providers: ["pp_acquiring-hosted_acquiring"],
    created_at: new Date("2026-03-01T00:00:00Z"),
  })
  const off = account({ id: "off", enabled: false, currencies: ["usd"] })

  it("prefers the account naming the currency, then the provider, then the oldest", () => {
    const accounts = [hosted, eur, all, off]
    expect(accountFor(accounts, "pp_acquiring-card_acquiring", "EUR")?.id).toBe(
      "eur"
    )
    expect(accountFor(accounts, "pp_acquiring-card_acquiring", "USD")?.id).toBe(
      "all"
    )
    expect(
      accountFor(accounts, "pp_acquiring-hosted_acquiring", "USD")?.id
    ).toBe("hosted")
    expect(accountFor([off, eur], "pp_acquiring-card_acquiring", "USD")).toBe(
      undefined
    )
  })
})

describe("cached accounts", () => {
  it("reads again after the bound or when invalidated, and never keeps a failed read", async () => {
    let now = 0
    let reads = 0
    let fail = false
    const source = new AccountSource(
      async () => {
        reads++
        if (fail) throw new Error("db down")
        return [account({ order_prefix: `R${reads}` })]
      },
      5_000,
      () => now
    )
    expect((await source.accounts())[0].order_prefix).toBe("R1")
    now = 4_999
    expect((await source.accounts())[0].order_prefix).toBe("R1")
    now = 5_000
    expect((await source.accounts())[0].order_prefix).toBe("R2")
    source.invalidate()
    expect((await source.accounts())[0].order_prefix).toBe("R3")
    fail = true
    source.invalidate()
    await expect(source.accounts()).rejects.toThrow("db down")
    fail = false
    expect((await source.accounts())[0].order_prefix).toBe("R5")
  })
})
