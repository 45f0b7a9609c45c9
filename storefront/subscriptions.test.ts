import { AcquiringRequestError } from "./request-error"
import { cancelSubscription, listSubscriptions } from "./subscriptions"
import type { StoreAnswer, StoreMethod, StoreTransport } from "./transport"

type Call = { method: string; path: string; body: unknown }

function fakeStore(answer: StoreAnswer) {
  const calls: Call[] = []
  const store: StoreTransport<StoreMethod> = async (method, path, body) => {
    calls.push({ method, path, body })
    return answer
  }
  return { store, calls }
}

const COFFEE = {
  id: "RC1",
  contract_name: "Coffee club",
  contract: "monthly beans",
  amount: "15.00",
  currency: "USD",
  interval: "month",
  interval_count: "1",
  billing_cycle: 12,
  status: "active",
  next_deduction_at: "2026-12-29 10:00:00",
  first_order: { id: "order_1", display_id: 4 },
  started_at: "2026-11-29T10:00:00.000Z",
  renewals: [
    {
      id: "order_2",
      display_id: 9,
      deduction_number: 1,
      amount: "15.00",
      currency: "USD",
    },
  ],
  failed_tries: 1,
  last_decline: null,
}

describe("listSubscriptions", () => {
  it("reads the signed-in customer's subscriptions and keeps only their own keys", async () => {
    const { store, calls } = fakeStore({
      status: 200,
      body: {
        subscriptions: [{ ...COFFEE, payment_id: "pay_must_not_be_kept" }],
      },
    })
    expect(await listSubscriptions(store)).toEqual([COFFEE])
    expect(calls).toEqual([
      {
        method: "GET",
        path: "/store/acquiring/subscriptions",
        body: undefined,
      },
    ])
  })

  it("gives a guest none, and throws on any other refusal", async () => {
    expect(
      await listSubscriptions(fakeStore({ status: 401, body: {} }).store)
    ).toEqual([])
    await expect(
      listSubscriptions(
        fakeStore({ status: 500, body: { message: "x" } }).store
      )
    ).rejects.toBeInstanceOf(AcquiringRequestError)
  })
})

describe("cancelSubscription", () => {
  it("posts to the subscription's cancel route and answers the cancelled subscription", async () => {
    const { store, calls } = fakeStore({
      status: 200,
      body: {
        outcome: "cancelled",
        message:
          "Your subscription is cancelled: no further payments are taken.",
        subscription: {
          ...COFFEE,
          status: "cancelled",
          next_deduction_at: null,
        },
      },
    })
    const answer = await cancelSubscription(store, "RC/1")
    expect(calls).toEqual([
      {
        method: "POST",
        path: "/store/acquiring/subscriptions/RC%2F1/cancel",
        body: {},
      },
    ])
    expect(answer).toMatchObject({
      kind: "cancelled",
      subscription: { id: "RC1", status: "cancelled", next_deduction_at: null },
      message: "Your subscription is cancelled: no further payments are taken.",
    })
  })

  it("tells a lost answer, a refusal, another customer's and a failure apart", async () => {
    const cancel = (status: number, body: any) =>
      cancelSubscription(fakeStore({ status, body }).store, "RC1")
    expect(
      (await cancel(200, { outcome: "unknown", subscription: COFFEE })).kind
    ).toBe("pending")
    expect(
      (await cancel(409, { outcome: "refused", subscription: COFFEE })).kind
    ).toBe("refused")
    expect(
      await cancel(404, { message: "Subscription RC1 was not found" })
    ).toEqual({
      kind: "not_found",
      message: "Subscription RC1 was not found",
    })
    expect(await cancel(502, {})).toEqual({
      kind: "failed",
      status: 502,
      message: "The store answered 502",
    })
  })
})
