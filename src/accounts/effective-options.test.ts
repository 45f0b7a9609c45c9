import { testAccount } from "./__fixtures__/test-account"
import { accountFor, type AccountRecord } from "./account-record"
import { AccountSource, CHECK_EVERY_MS, versionOf } from "./account-source"
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

  it("lays an account's method and retention values over medusa-config's one by one", () => {
    const config = {
      ...CONFIG,
      payment_methods: { budget_ms: 3000, delayed: ["SEPA"], hidden: ["X"] },
      saved_cards: { enabled: false },
      retention: { shopper_data_days: 30, history_days: 90 },
    }
    const options = effectiveOptions(
      config,
      accountOverlay(
        account({
          advanced: {
            payment_methods: { hidden: ["WALLET"] },
            retention: { history_days: 400 },
          },
        }),
        "admin-key"
      )
    )
    // the account's values win; medusa-config's others stay, then the defaults
    expect(options.payment_methods).toEqual({
      hidden: ["WALLET"],
      order: [],
      budget_ms: 3000,
      delayed: ["SEPA"],
      awaiting_code: "P0001",
    })
    expect(options.saved_cards).toEqual({
      enabled: false,
      security_code: "required",
    })
    expect(options.retention).toEqual({
      shopper_data_days: 30,
      history_days: 400,
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
    expect(
      accountFor(accounts, "pp_acquiring-card_acquiring", { currency: "EUR" })
        ?.id
    ).toBe("eur")
    expect(
      accountFor(accounts, "pp_acquiring-card_acquiring", { currency: "USD" })
        ?.id
    ).toBe("all")
    expect(
      accountFor(accounts, "pp_acquiring-hosted_acquiring", { currency: "USD" })
        ?.id
    ).toBe("hosted")
    expect(
      accountFor([off, eur], "pp_acquiring-card_acquiring", { currency: "USD" })
    ).toBe(undefined)
  })
})

describe("cached accounts", () => {
  it("asks for the version at most once a second, reads again only when it changed or when invalidated, and never keeps a failed read", async () => {
    let now = 0
    let reads = 0
    let checks = 0
    let fail = false
    let stored = [account({ order_prefix: "R0" })]
    const source = new AccountSource(
      async () => {
        reads++
        if (fail) throw new Error("db down")
        return stored
      },
      {
        readVersion: async () => {
          checks++
          if (fail) throw new Error("db down")
          return versionOf(stored)
        },
        now: () => now,
      }
    )
    expect(CHECK_EVERY_MS).toBe(1_000)
    expect((await source.accounts())[0].order_prefix).toBe("R0")
    expect([reads, checks]).toEqual([1, 0])
    // another instance saves: not asked before the second is up
    stored = [
      account({
        order_prefix: "R1",
        updated_at: new Date("2026-11-27T12:00:00Z"),
      }),
    ]
    now = 999
    expect((await source.accounts())[0].order_prefix).toBe("R0")
    expect(checks).toBe(0)
    // the check finds the new version and reads the accounts again
    now = 1_000
    expect((await source.accounts())[0].order_prefix).toBe("R1")
    expect([reads, checks]).toEqual([2, 1])
    // same version: the check alone, no read
    now = 2_000
    await Promise.all([source.accounts(), source.accounts()])
    expect([reads, checks]).toEqual([2, 2])
    // a soft delete changes the version too
    stored = [{ ...stored[0], deleted_at: new Date("2026-11-27T12:00:01Z") }]
    now = 3_000
    expect((await source.accounts())[0].deleted_at).not.toBeNull()
    expect(reads).toBe(3)
    // a change made here (or the event) drops the cache at once
    stored = [account({ order_prefix: "R4" })]
    source.invalidate()
    expect((await source.accounts())[0].order_prefix).toBe("R4")
    expect(reads).toBe(4)
    fail = true
    now = 4_000
    await expect(source.accounts()).rejects.toThrow("db down")
    fail = false
    expect((await source.accounts())[0].order_prefix).toBe("R4")
  })

  it("a version names every row by id, update and deletion, in any order", () => {
    const a = account({ id: "a", updated_at: new Date(1) })
    const b = account({ id: "b", updated_at: new Date(2) })
    expect(versionOf([a, b])).toBe(versionOf([b, a]))
    expect(versionOf([a, b])).not.toBe(versionOf([a]))
    expect(versionOf([a])).not.toBe(
      versionOf([{ ...a, updated_at: new Date(3) }])
    )
    expect(versionOf([a])).not.toBe(
      versionOf([{ ...a, deleted_at: new Date(3) }])
    )
  })
})
