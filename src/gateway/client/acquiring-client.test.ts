import { createHash } from "node:crypto"
import { createAcquiringClient } from "./acquiring-client"
import { startFakeGateway, type FakeGateway } from "./__fixtures__/fake-gateway"

const sha = (plain: string) =>
  createHash("sha256").update(plain, "utf8").digest("hex")

describe("createAcquiringClient", () => {
  let gateway: FakeGateway | undefined
  afterEach(async () => {
    await gateway?.close()
    gateway = undefined
  })

  it("offers every operation of the contract and hides the sign_key", () => {
    const client = createAcquiringClient({
      base_url: "http://127.0.0.1:9",
      merchant_id: "M",
      account_id: "A",
      sign_key: "hidden-key",
    })
    expect(Object.keys(client).sort()).toEqual(
      [
        "authorize",
        "checkout",
        "capture",
        "cancel",
        "review",
        "refund",
        "retrieveTransactions",
        "retrieveRefunds",
        "payout",
        "cancelSubscription",
        "optimize",
        "verifyNotification",
        "verifyResult",
        "verifyPayoutNotification",
        "limits",
      ].sort()
    )
    // the configured batch limits, for batchers such as createCoalescingClient
    expect(client.limits).toEqual({
      capture: 50,
      cancel: 50,
      refund: 50,
      review: 100,
      query: 100,
      refund_search: 100,
    })
    expect(JSON.stringify(client)).not.toContain("hidden-key")
    expect(Object.isFrozen(client)).toBe(true)
  })

  it("uses an overridden recipe for signing", async () => {
    gateway = await startFakeGateway((req) => ({
      body: {
        encryption_data: JSON.parse(req.body).encryption_data,
        return_status: "1",
        capture_orders: [],
      },
    }))
    const client = createAcquiringClient({
      base_url: gateway.url,
      merchant_id: "M",
      account_id: "A",
      sign_key: "K",
      recipes: {
        capture: [
          "account_id",
          "capture_orders[].order_no",
          "capture_orders[].amount",
        ],
      },
    })
    await client.capture([
      { transaction_id: "T1", order_no: "O1", currency: "USD", amount: "0.30" },
    ])
    expect(JSON.parse(gateway.requests[0].body).encryption_data).toBe(
      sha("AO10.30K")
    )
  })

  it("uses an injected fetch", async () => {
    const seen: string[] = []
    const fakeFetch = (async (url: string | URL | Request) => {
      seen.push(String(url))
      return new Response(
        JSON.stringify({
          encryption_data: sha("MAK"),
          return_status: "1",
          orders_list: [],
        }),
        { status: 200 }
      )
    }) as typeof fetch
    const client = createAcquiringClient({
      base_url: "https://gw.example/api/",
      merchant_id: "M",
      account_id: "A",
      sign_key: "K",
      fetch: fakeFetch,
    })
    await expect(
      client.retrieveTransactions({ order_nos: ["O1"] })
    ).resolves.toEqual([])
    expect(seen).toEqual(["https://gw.example/api/v1/retrievalTrans"])
  })
})
