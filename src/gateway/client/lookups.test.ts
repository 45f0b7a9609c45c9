import { createHash } from "node:crypto"
import {
  GatewayRefusedError,
  InvalidInputError,
  SignatureMismatchError,
  TransportError,
} from "../errors"
import { createAcquiringClient, type AcquiringClient } from "./acquiring-client"
import {
  closedPortUrl,
  startFakeGateway,
  type FakeGateway,
  type FakeHandler,
  type RecordedRequest,
} from "./__fixtures__/fake-gateway"

const KEY = "lookup key"
const sha = (plain: string) =>
  createHash("sha256").update(plain, "utf8").digest("hex")
// merchant_id, account_id, key; the space of the key removed
const LOOKUP_SIGNATURE = sha("M1A1lookupkey")

function form(request: RecordedRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request.body))
}

/** Answers a query like the service: one found entry per selector value. */
function queryAnswer(request: RecordedRequest) {
  const fields = form(request)
  const values = (fields.orders ?? fields.trades ?? "").split(",")
  return {
    body: {
      merchant_id: "M1",
      account_id: "A1",
      encryption_data: fields.encryption_data,
      return_status: "1",
      return_message: "OK",
      orders_list: values.map((value) => ({
        order_no: fields.orders ? value : `O-${value}`,
        transaction_id: fields.trades ? value : `T-${value}`,
        amount: "1.250",
        currency: "KWD",
        payment_status: "3000",
        query_result: "1",
        transaction_date: "20261121140526",
      })),
    },
  }
}

describe("retrieveTransactions and retrieveRefunds", () => {
  let gateway: FakeGateway | undefined
  afterEach(async () => {
    await gateway?.close()
    gateway = undefined
  })

  async function client(
    handler: FakeHandler,
    extra: Record<string, unknown> = {}
  ): Promise<AcquiringClient> {
    gateway = await startFakeGateway(handler)
    return createAcquiringClient({
      base_url: gateway.url,
      merchant_id: "M1",
      account_id: "A1",
      sign_key: KEY,
      lookup_retry_delay_ms: 1,
      ...extra,
    })
  }

  it("sends a signed form body with the orders selector", async () => {
    const c = await client(queryAnswer)
    const entries = await c.retrieveTransactions({ order_nos: ["O1", "O2"] })
    const sent = gateway!.requests[0]
    expect(sent.path).toBe("/v1/retrievalTrans")
    expect(sent.headers["content-type"]).toBe(
      "application/x-www-form-urlencoded"
    )
    expect(form(sent)).toEqual({
      merchant_id: "M1",
      account_id: "A1",
      orders: "O1,O2",
      encryption_data: LOOKUP_SIGNATURE,
    })
    expect(
      entries.map((e) => [e.order_no, e.payment_status, e.amount])
    ).toEqual([
      ["O1", "3000", "1.250"],
      ["O2", "3000", "1.250"],
    ])
  })

  it("types an entry's token_id; an empty one reads as undefined", async () => {
    const c = await client((request) => {
      const answer = queryAnswer(request)
      answer.body.orders_list = answer.body.orders_list.map((entry, i) => ({
        ...entry,
        token_id: i === 0 ? "TK_a1b2c3" : "",
      }))
      return answer
    })
    const entries = await c.retrieveTransactions({ order_nos: ["O1", "O2"] })
    expect(entries.map((e) => e.token_id)).toEqual(["TK_a1b2c3", undefined])
  })

  it("uses trades for transaction ids", async () => {
    const c = await client(queryAnswer)
    await c.retrieveTransactions({ transaction_ids: ["T9"] })
    expect(form(gateway!.requests[0]).trades).toBe("T9")
  })

  it("splits at 100 values: 100 in one request, 101 in two, order kept", async () => {
    const c = await client(queryAnswer)
    const hundred = Array.from({ length: 100 }, (_, i) => `O${i}`)
    await c.retrieveTransactions({ order_nos: hundred })
    expect(gateway!.requests).toHaveLength(1)
    const all = [...hundred, "O100"]
    const entries = await c.retrieveTransactions({ order_nos: all })
    expect(gateway!.requests).toHaveLength(3)
    expect(form(gateway!.requests[1]).orders.split(",")).toHaveLength(100)
    expect(form(gateway!.requests[2]).orders).toBe("O100")
    expect(entries.map((e) => e.order_no)).toEqual(all)
  })

  it("splits at the 1,000-character selector limit", async () => {
    const c = await client(queryAnswer)
    // 20 values of 49 characters: 20*49 + 19 commas = 999 characters; one more passes 1,000
    const values = Array.from(
      { length: 21 },
      (_, i) => `${String(i).padStart(2, "0")}${"x".repeat(47)}`
    )
    await c.retrieveTransactions({ order_nos: values })
    const selectors = gateway!.requests.map((r) => form(r).orders)
    expect(selectors.map((s) => s.length)).toEqual([999, 49])
  })

  it("retries a transport failure of a look-up, up to lookup_retries", async () => {
    const c = await client(
      (request, index) => (index < 2 ? "reset" : queryAnswer(request)),
      { lookup_retries: 2 }
    )
    const entries = await c.retrieveTransactions({ order_nos: ["O1"] })
    expect(entries).toHaveLength(1)
    expect(gateway!.requests).toHaveLength(3)
  })

  it("gives up after lookup_retries", async () => {
    const c = await client(() => ({ status: 503, body: "busy" }), {
      lookup_retries: 1,
    })
    const error = await c
      .retrieveTransactions({ order_nos: ["O1"] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransportError)
    expect((error as TransportError).status).toBe(503)
    expect(gateway!.requests).toHaveLength(2)
  })

  it("does not retry a refusal", async () => {
    const c = await client((request) => ({
      body: {
        encryption_data: form(request).encryption_data,
        return_status: "0",
        return_message: "E0007:Caller IP not registered",
        orders_list: [],
      },
    }))
    const error = await c
      .retrieveTransactions({ order_nos: ["O1"] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayRefusedError)
    expect((error as GatewayRefusedError).code).toBe("E0007")
    expect(gateway!.requests).toHaveLength(1)
  })

  it("refuses an answer without the echoed signature", async () => {
    const c = await client((request) => ({
      body: { ...queryAnswer(request).body, encryption_data: sha("x") },
    }))
    await expect(
      c.retrieveTransactions({ order_nos: ["O1"] })
    ).rejects.toBeInstanceOf(SignatureMismatchError)
  })

  it.each([
    [{}, "order_nos"],
    [{ order_nos: ["O1"], transaction_ids: ["T1"] }, "transaction_ids"],
    [{ order_nos: [] }, "order_nos"],
    [{ order_nos: ["O1", ""] }, "order_nos[1]"],
    [{ order_nos: ["A,B"] }, "order_nos[0]"],
    [{ orders: ["O1"] }, "orders"],
  ])("refuses selector %p naming %s", async (selector, field) => {
    const c = await client(queryAnswer)
    const error = await c
      .retrieveTransactions(selector as never)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidInputError)
    expect((error as InvalidInputError).field).toBe(field)
  })

  it("reports a refused connection after the retries", async () => {
    const c = createAcquiringClient({
      base_url: await closedPortUrl(),
      merchant_id: "M1",
      account_id: "A1",
      sign_key: KEY,
      lookup_retries: 1,
      lookup_retry_delay_ms: 1,
    })
    const error = await c
      .retrieveTransactions({ order_nos: ["O1"] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransportError)
    expect((error as TransportError).may_have_reached_gateway).toBe(false)
  })

  it.each([
    ["order_nos", "refund_orders"],
    ["refund_references", "refund_references"],
    ["merchant_refunds", "merchant_refunds"],
  ])("searches refunds by %s (wire %s)", async (key, wire) => {
    const c = await client((request) => ({
      body: {
        encryption_data: form(request).encryption_data,
        return_status: "1",
        return_message: "OK",
        refund_orders: [
          {
            transaction_id: "T1",
            order_no: "O1",
            currency: "JPY",
            amount: "1500",
            refund_amount: "500",
            refund_status: "1",
            payment_status: "4100",
            refund_reference_id: "T1-01",
            refund_date: "20261121140526",
          },
        ],
      },
    }))
    const entries = await c.retrieveRefunds({ [key]: ["R1", "R2"] } as never)
    const sent = form(gateway!.requests[0])
    expect(gateway!.requests[0].path).toBe("/v1/retrievalRefund")
    expect(sent[wire]).toBe("R1,R2")
    expect(sent.encryption_data).toBe(LOOKUP_SIGNATURE)
    expect(entries).toEqual([
      expect.objectContaining({
        refund_reference_id: "T1-01",
        refund_amount: "500",
        payment_status: "4100",
      }),
    ])
  })
})
