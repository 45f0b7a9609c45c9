import { testAccount } from "./__fixtures__/test-account"
import { MedusaError } from "@medusajs/framework/utils"
import type { AccountValues } from "./account-record"
import { checkEffective } from "./account-changes"

function scopeWith(...options: Record<string, unknown>[]) {
  const configModule = {
    modules: {
      payment: {
        options: {
          providers: options.map((entry, i) => ({
            resolve: "medusa-payment-acquiring/providers/acquiring",
            id: `acquiring${i || ""}`,
            options: entry,
          })),
        },
      },
    },
  }
  return { resolve: <T>() => configModule as T }
}

const account: AccountValues = testAccount({
  sign_key_encrypted: "sealed",
  sign_key_updated_at: new Date("2026-11-01T00:00:00Z"),
})

function refusal(run: () => void): string {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(MedusaError)
    return (error as MedusaError).message
  }
  throw new Error("not refused")
}

describe("the check of an account's effective options", () => {
  it("names each field missing from the account and medusa-config once", () => {
    // two provider entries: each refuses the same fields
    expect(refusal(() => checkEffective(scopeWith({}, {}), account))).toBe(
      "website_url: is required (medusa-config supplies none); backend_url: is required (medusa-config supplies none); storefront_url: is required (medusa-config supplies none)"
    )
  })

  it("takes what medusa-config supplies", () => {
    const config = {
      website: "https://shop.example.com",
      backend_url: "https://api.example.com",
      storefront_return_url: "https://shop.example.com/checkout/return",
    }
    expect(() => checkEffective(scopeWith(config), account)).not.toThrow()
    expect(
      refusal(() =>
        checkEffective(scopeWith(config), {
          ...account,
          sign_key_encrypted: null,
          storefront_url: "checkout/return",
        })
      )
    ).toBe(
      "sign_key: is required (medusa-config supplies none); storefront_url: must be an absolute http(s) URL"
    )
  })
})
