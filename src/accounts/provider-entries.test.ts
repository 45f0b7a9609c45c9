import {
  configuredProviderIds,
  entryForId,
  entryForOptions,
  hostedProviderOf,
  ProviderEntryError,
  resolvesToThisProvider,
  splitProviderId,
} from "./provider-entries"

const euOptions = { merchant_id: "M1", account_id: "A1", sign_key: "k" }
const usOptions = { merchant_id: "M2", account_id: "A2", sign_key: "k2" }

function config(providers: unknown[]) {
  return {
    modules: {
      payment: { resolve: "@medusajs/medusa/payment", options: { providers } },
    },
  }
}

const configModule = config([
  {
    resolve: "@medusajs/medusa/payment-stripe",
    id: "stripe",
    options: euOptions,
  },
  {
    resolve: "medusa-payment-acquiring/providers/acquiring",
    id: "shop-eu",
    options: euOptions,
  },
  {
    resolve:
      "/srv/app/node_modules/medusa-payment-acquiring/.medusa/server/src/providers/acquiring",
    id: "shop-us",
    options: usOptions,
  },
])

describe("provider entries", () => {
  it("finds its own entry by the options object, or by equal options", () => {
    expect(entryForOptions(configModule, euOptions).id).toBe("shop-eu")
    expect(entryForOptions(configModule, { ...usOptions }).id).toBe("shop-us")
  })

  it("refuses to guess: no entry, or two entries with the same options, is an error naming the cause", () => {
    expect(() => entryForOptions({}, euOptions)).toThrow(ProviderEntryError)
    const twins = config([
      {
        resolve: "medusa-payment-acquiring/providers/acquiring",
        id: "a",
        options: { ...euOptions },
      },
      {
        resolve: "medusa-payment-acquiring/providers/acquiring",
        id: "b",
        options: { ...euOptions },
      },
    ])
    expect(() => entryForOptions(twins, euOptions)).toThrow(
      /"a", "b" have identical options/
    )
  })

  it("only counts entries that resolve to this provider", () => {
    expect(
      resolvesToThisProvider("medusa-payment-acquiring/providers/acquiring")
    ).toBe(true)
    expect(
      resolvesToThisProvider(
        "/x/.medusa/server/src/providers/acquiring/index.js"
      )
    ).toBe(true)
    expect(resolvesToThisProvider("@medusajs/medusa/payment-stripe")).toBe(
      false
    )
    expect(entryForId(configModule, "stripe")).toBeUndefined()
    expect(entryForId(configModule, "shop-us")?.options).toBe(usOptions)
  })

  it("splits provider ids", () => {
    expect(splitProviderId("pp_acquiring-card_acquiring")).toEqual({
      identifier: "acquiring-card",
      id: "acquiring",
    })
    expect(splitProviderId("acquiring-hosted_shop-eu")).toEqual({
      identifier: "acquiring-hosted",
      id: "shop-eu",
    })
    expect(splitProviderId("pp_stripe_stripe")).toBeNull()
  })

  it("names the hosted-page provider of a configured entry, and every entry's ids of a kind", () => {
    expect(hostedProviderOf(configModule, "pp_acquiring-card_shop-us")).toBe(
      "pp_acquiring-hosted_shop-us"
    )
    expect(hostedProviderOf(configModule, "pp_acquiring-hosted_shop-eu")).toBe(
      "pp_acquiring-hosted_shop-eu"
    )
    // an entry no longer in medusa-config, or another provider's id
    expect(
      hostedProviderOf(configModule, "pp_acquiring-card_removed")
    ).toBeUndefined()
    expect(hostedProviderOf(configModule, "pp_stripe_stripe")).toBeUndefined()
    expect(configuredProviderIds(configModule, "acquiring-card")).toEqual([
      "pp_acquiring-card_shop-eu",
      "pp_acquiring-card_shop-us",
    ])
  })
})
