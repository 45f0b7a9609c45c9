import {
  findProviderId,
  findProviderOptions,
  splitProviderId,
} from "./provider-identity"

const cardOptions = { merchant_id: "M1", account_id: "A1", sign_key: "k" }
const configModule = {
  modules: {
    payment: {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/payment-stripe",
            id: "stripe",
            options: { apiKey: "sk" },
          },
          {
            resolve: "medusa-payment-acquiring/providers/acquiring",
            id: "shop-eu",
            options: cardOptions,
          },
        ],
      },
    },
  },
}

describe("provider identity", () => {
  it("finds the id of its own entry from the options it was given", () => {
    expect(findProviderId(configModule, cardOptions)).toBe("shop-eu")
    expect(findProviderId(configModule, { ...cardOptions })).toBe("shop-eu")
    expect(findProviderId({}, cardOptions)).toBe("acquiring")
  })

  it("finds the options of pp_<identifier>_<id>", () => {
    expect(findProviderOptions(configModule, "shop-eu")).toBe(cardOptions)
    expect(findProviderOptions(configModule, "stripe")).toBeUndefined()
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
})
