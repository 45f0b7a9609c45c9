import { AcquiringRequestError } from "./request-error"
import { availableAcquiringProviders } from "./provider-availability"
import type { StoreAnswer, StoreTransport } from "./transport"

function fakeStore(answer: StoreAnswer) {
  const calls: { method: string; path: string; body: unknown }[] = []
  const store: StoreTransport = async (method, path, body) => {
    calls.push({ method, path, body })
    return answer
  }
  return { store, calls }
}

describe("availableAcquiringProviders", () => {
  it("asks for the cart's providers and keeps each one's verdict and reason", async () => {
    const { store, calls } = fakeStore({
      status: 200,
      body: {
        payment_providers: [
          {
            id: "pp_acquiring-card_acquiring",
            available: false,
            reason: {
              rule: "max_amount",
              message:
                "Card payments are available for orders up to 5,000.00 USD.",
              account: "must not be kept",
            },
          },
          { id: "pp_acquiring-hosted_acquiring", available: true },
        ],
      },
    })
    expect(await availableAcquiringProviders(store, "cart_01 x")).toEqual([
      {
        id: "pp_acquiring-card_acquiring",
        available: false,
        reason: {
          rule: "max_amount",
          message: "Card payments are available for orders up to 5,000.00 USD.",
        },
      },
      { id: "pp_acquiring-hosted_acquiring", available: true },
    ])
    expect(calls).toEqual([
      {
        method: "GET",
        path: "/store/acquiring/carts/cart_01%20x/payment-providers",
        body: undefined,
      },
    ])
  })

  it("takes anything but a literal true as not available", async () => {
    const { store } = fakeStore({
      status: 200,
      body: {
        payment_providers: [
          { id: "pp_acquiring-card_acquiring", available: "yes" },
        ],
      },
    })
    expect(await availableAcquiringProviders(store, "cart_01")).toEqual([
      { id: "pp_acquiring-card_acquiring", available: false },
    ])
  })

  it("throws the store's refusal", async () => {
    const { store } = fakeStore({
      status: 404,
      body: { type: "not_found", message: "Cart cart_01 was not found" },
    })
    const refusal = await availableAcquiringProviders(store, "cart_01").catch(
      (error: unknown) => error
    )
    expect(refusal).toBeInstanceOf(AcquiringRequestError)
    expect(refusal).toMatchObject({
      status: 404,
      type: "not_found",
      message: "Cart cart_01 was not found",
    })
  })
})
