import type { ProviderSettings } from "../../../../lib/settings-api"
import { fallbackOf, isRequired, servedProviders } from "./account-fallbacks"
import { inForceText, isUnset } from "./option-values"

function provider(
  id: string,
  effective: ProviderSettings["effective"]
): ProviderSettings {
  return {
    id,
    identifier: "acquiring-card",
    notify_url: null,
    account_id: null,
    serving: "none",
    config_complete: false,
    effective,
    inherited: effective,
  }
}

const CARD = "pp_acquiring-card_acquiring"
const HOSTED = "pp_acquiring-hosted_acquiring"

describe("what a blank account field falls back on", () => {
  // medusa-config with only a website, no account yet
  const bare = {
    website: { value: "https://shop.example.com", source: "config" as const },
    backend_url: { value: null, source: "default" as const },
    storefront_return_url: { value: null, source: "default" as const },
    sign_key: { value: "not set", source: "default" as const },
    timeout_ms: { value: 30000, source: "default" as const },
  }

  it("is medusa-config's value or the default, else nothing: required", () => {
    const served = [provider(CARD, bare)]
    expect(fallbackOf("website_url", served)).toEqual({
      kind: "value",
      value: "https://shop.example.com",
      source: "config",
    })
    expect(isRequired(fallbackOf("website_url", served))).toBe(false)
    expect(isRequired(fallbackOf("backend_url", served))).toBe(true)
    expect(isRequired(fallbackOf("storefront_url", served))).toBe(true)
    expect(isRequired(fallbackOf("sign_key", served))).toBe(true)
    expect(fallbackOf("timeout_ms", served)).toEqual({
      kind: "value",
      value: 30000,
      source: "default",
    })
  })

  it("is required when any provider served lacks it", () => {
    const hosted = provider(HOSTED, {
      ...bare,
      backend_url: { value: "https://api.example.com", source: "config" },
    })
    const card = provider(CARD, bare)
    expect(isRequired(fallbackOf("backend_url", [hosted]))).toBe(false)
    expect(isRequired(fallbackOf("backend_url", [hosted, card]))).toBe(true)
    // none ticked: every provider is served
    expect(servedProviders([hosted, card], [])).toHaveLength(2)
    expect(servedProviders([hosted, card], [HOSTED])).toEqual([hosted])
  })

  it("is taken as required when an account's value hides medusa-config's", () => {
    const overlaid = provider(CARD, {
      ...bare,
      website: { value: "https://other.example.com", source: "admin" },
    })
    expect(fallbackOf("website_url", [overlaid])).toEqual({ kind: "hidden" })
    expect(isRequired(fallbackOf("website_url", [overlaid]))).toBe(true)
  })

  it("reads medusa-config beneath the account serving now, when the answer gives it", () => {
    const served = {
      ...provider(CARD, {
        ...bare,
        website: { value: "https://other.example.com", source: "admin" },
      }),
      inherited: bare,
    }
    expect(fallbackOf("website_url", [served])).toEqual({
      kind: "value",
      value: "https://shop.example.com",
      source: "config",
    })
  })

  it("is unknown without a provider to read", () => {
    expect(fallbackOf("website_url", [])).toEqual({ kind: "unknown" })
    expect(isRequired(fallbackOf("website_url", []))).toBe(false)
  })

  it("reads as the value in force and where it comes from", () => {
    expect(inForceText("timeout_ms", 30000, "default")).toBe(
      "30000 ms (default)"
    )
    expect(inForceText("auto_capture", false, "config")).toBe(
      "No: capture from the order page (medusa-config)"
    )
    expect(inForceText("storefront_cancel_url", null, "default")).toBe(
      "the return page, with status=canceled (default)"
    )
    // nothing in force: no source to name
    expect(isUnset("backend_url", null)).toBe(true)
    expect(isUnset("sign_key", "not set")).toBe(true)
    expect(isUnset("sign_key", "set")).toBe(false)
    expect(isUnset("storefront_cancel_url", null)).toBe(false)
  })
})
