import { configWith } from "./__fixtures__/config-module"
import { testAccount } from "./__fixtures__/test-account"
import type { AccountRecord } from "./account-record"
import { settingsView } from "./settings-view"

const COMPLETE = {
  merchant_id: "M-config",
  account_id: "A-config",
  sign_key: "config-key",
  base_url: "https://gw.example",
  website: "https://shop.example",
  backend_url: "https://api.shop.example",
  storefront_return_url: "https://shop.example/return",
}

const account = (overrides: Partial<AccountRecord> = {}) =>
  testAccount({
    name: "Main",
    merchant_id: "M-admin",
    account_id: "A-admin",
    base_url: "http://127.0.0.1:4010",
    website_url: "https://admin.example",
    backend_url: "https://api.admin.example",
    storefront_url: "https://admin.example/return",
    mode: "test",
    sign_key_encrypted: "v1.x.y.z",
    ...overrides,
  })

const card = (config: object, accounts: AccountRecord[]) =>
  settingsView(configWith(config), accounts).providers[0]

describe("who serves a provider, as the settings page reads it", () => {
  it("is the enabled account, over medusa-config", () => {
    const main = account()
    const view = card({}, [main])
    expect(view).toMatchObject({
      serving: "account",
      account_id: main.id,
      config_complete: false,
    })
    expect(view.effective.merchant_id).toEqual({
      value: "M-admin",
      source: "admin",
    })
    // what a blank field would fall back on: medusa-config's empty options, the defaults
    expect(view.inherited.website).toEqual({ value: null, source: "default" })
    expect(view.inherited.mode).toEqual({ value: "live", source: "default" })
  })

  it("is medusa-config alone when its options are complete and no account is enabled", () => {
    const off = account({ enabled: false })
    expect(card(COMPLETE, [off])).toMatchObject({
      serving: "config",
      account_id: null,
      config_complete: true,
    })
    expect(card(COMPLETE, []).serving).toBe("config")
  })

  it("is nobody with a disabled only account: its saved values are shown, not wiped", () => {
    const off = account({ enabled: false })
    const view = card({}, [off])
    expect(view).toMatchObject({ serving: "disabled", account_id: off.id })
    expect(view.effective.mode).toEqual({ value: "test", source: "admin" })
    expect(view.effective.sign_key).toEqual({ value: "set", source: "admin" })
  })

  it("is nobody without an account when medusa-config is empty or partial", () => {
    expect(card({}, [])).toMatchObject({ serving: "none", account_id: null })
    expect(card({ website: "https://shop.example" }, []).config_complete).toBe(
      false
    )
    // a deleted account is no account
    expect(card({}, [account({ deleted_at: new Date() })]).serving).toBe("none")
  })
})
