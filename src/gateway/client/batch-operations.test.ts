import { createHash } from "node:crypto"
import {
  GatewayRefusedError,
  InvalidInputError,
  SignatureMismatchError,
  TransportError,
} from "../errors"
import { createAcquiringClient, type AcquiringClient } from "./acquiring-client"
import {
  startFakeGateway,
  type FakeGateway,
  type FakeHandler,
  type RecordedRequest,
} from "./__fixtures__/fake-gateway"

const KEY = "batch-key"
const sha = (plain: string) =>
  createHash("sha256").update(plain, "utf8").digest("hex")

type Entry = Record<string, string>

/** Answers like the service: echo the signature, every entry done unless the test says otherwise. */
function serviceAnswer(
  listField: string,
  statusField: string,
  refuse: (entry: Entry) => string | undefined = () => undefined
) {
  return (request: RecordedRequest) => {
    const body = JSON.parse(request.body)
    const entries = (body[listField] as Entry[]).map((entry) => {
      const refusal = refuse(entry)
      return refusal
        ? { ...entry, [statusField]: "0", error_message: refusal }
        : { ...entry, [statusField]: "1", error_message: "" }
    })
    return {
      body: {
        merchant_id: body.merchant_id,
        account_id: body.account_id,
        encryption_data: body.encryption_data,
        return_status: "1",
        return_message: "OK",
        [listField]: entries,
      },
    }
  }
}

const entry = (i: number, currency = "USD", amount = "15.00") => ({
  transaction_id: `T${String(i).padStart(3, "0")}`,
  order_no: `O${i}`,
  currency,
  amount,
})

describe("capture, cancel, review, refund", () => {
  let gateway: FakeGateway | undefined
  afterEach(async () => {
    await gateway?.close()
    gateway = undefined
  })

  async function client(
    handler: FakeHandler,
    limits?: Record<string, number>
  ): Promise<AcquiringClient> {
    gateway = await startFakeGateway(handler)
    return createAcquiringClient({
      base_url: gateway.url,
      merchant_id: "M1",
      account_id: "A1",
      sign_key: KEY,
      limits,
    })
  }

  it("captures with a signature over every transaction_id in order", async () => {
    const c = await client(serviceAnswer("capture_orders", "capture_status"))
    const outcome = await c.capture([
      entry(1),
      entry(2, "JPY", "1500"),
      entry(3, "KWD", "1.250"),
    ])
    const sent = JSON.parse(gateway!.requests[0].body)
    expect(gateway!.requests[0].path).toBe("/v1/capture")
    expect(gateway!.requests[0].headers["content-type"]).toBe(
      "application/json"
    )
    expect(sent.encryption_data).toBe(sha("M1A1T001T002T003batch-key"))
    expect(sent.capture_orders).toEqual([
      entry(1),
      entry(2, "JPY", "1500"),
      entry(3, "KWD", "1.250"),
    ])
    expect(outcome.ok).toBe(true)
    expect(outcome.requests).toBe(1)
    expect(
      outcome.entries.map((e) => [e.transaction_id, e.ok, e.amount])
    ).toEqual([
      ["T001", true, "15.00"],
      ["T002", true, "1500"],
      ["T003", true, "1.250"],
    ])
  })

  it("keeps exactly the limit in one request", async () => {
    const c = await client(serviceAnswer("capture_orders", "capture_status"))
    const outcome = await c.capture(
      Array.from({ length: 50 }, (_, i) => entry(i))
    )
    expect(gateway!.requests).toHaveLength(1)
    expect(outcome.entries).toHaveLength(50)
  })

  it("splits one over the limit into two separately signed requests, input order kept", async () => {
    // the fake answers the second request's entries in reverse order
    const c = await client((request, index) => {
      const answer = serviceAnswer("cancel_orders", "cancel_status")(request)
      if (index === 1) (answer.body.cancel_orders as Entry[]).reverse()
      return answer
    })
    const entries = Array.from({ length: 51 }, (_, i) => entry(i))
    const outcome = await c.cancel(entries)
    expect(gateway!.requests).toHaveLength(2)
    const [first, second] = gateway!.requests.map((r) => JSON.parse(r.body))
    expect(first.cancel_orders).toHaveLength(50)
    expect(second.cancel_orders).toHaveLength(1)
    const ids = entries.map((e) => e.transaction_id)
    expect(first.encryption_data).toBe(
      sha("M1A1" + ids.slice(0, 50).join("") + KEY)
    )
    expect(second.encryption_data).toBe(sha("M1A1" + ids[50] + KEY))
    expect(outcome.requests).toBe(2)
    expect(outcome.entries.map((e) => e.transaction_id)).toEqual(ids)
  })

  it("honours an overridden limit", async () => {
    const c = await client(serviceAnswer("review_orders", "review_status"), {
      review: 2,
    })
    const outcome = await c.review(
      [1, 2, 3, 4, 5].map((i) => ({ ...entry(i), review_flag: "1" }))
    )
    expect(
      gateway!.requests.map((r) => JSON.parse(r.body).review_orders.length)
    ).toEqual([2, 2, 1])
    expect(outcome.entries.map((e) => e.transaction_id)).toEqual([
      "T001",
      "T002",
      "T003",
      "T004",
      "T005",
    ])
  })

  it("keeps an entry's refusal in that entry", async () => {
    const c = await client(
      serviceAnswer("capture_orders", "capture_status", (e) =>
        e.transaction_id === "T002" ? "E0005:Cannot capture: voided" : undefined
      )
    )
    const outcome = await c.capture([entry(1), entry(2)])
    expect(outcome.ok).toBe(false)
    expect(outcome.entries[0].ok).toBe(true)
    expect(outcome.entries[0].error).toBeUndefined()
    expect(outcome.entries[1].ok).toBe(false)
    expect(outcome.entries[1].error).toEqual({
      code: "E0005",
      text: "Cannot capture: voided",
    })
  })

  it("throws GatewayRefusedError on return_status 0", async () => {
    const c = await client((request) => {
      const body = JSON.parse(request.body)
      return {
        body: {
          encryption_data: body.encryption_data,
          return_status: "0",
          return_message: "E0003:Too many entries",
          cancel_orders: [],
        },
      }
    })
    const error = await c.cancel([entry(1)]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayRefusedError)
    expect((error as GatewayRefusedError).code).toBe("E0003")
    expect((error as GatewayRefusedError).operation).toBe("cancel")
  })

  it("refuses an answer that does not echo the request's signature", async () => {
    const c = await client((request) => {
      const answer = serviceAnswer("capture_orders", "capture_status")(request)
      return { body: { ...answer.body, encryption_data: sha("forged") } }
    })
    const error = await c.capture([entry(1)]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SignatureMismatchError)
    expect((error as SignatureMismatchError).message_kind).toBe("capture")
  })

  it("refunds: refund_amount checked, refund_message read, references kept", async () => {
    const c = await client((request) => {
      const body = JSON.parse(request.body)
      const refund_orders = (body.refund_orders as Entry[]).map((e, i) => ({
        ...e,
        refund_status: i === 0 ? "1" : "0",
        refund_message:
          i === 0
            ? "0000:Success"
            : "E0006:Refund exceeds the refundable amount",
        refund_reference: i === 0 ? "RF1" : "",
        refund_reference_id: i === 0 ? `${e.transaction_id}-01` : "",
      }))
      return {
        body: {
          encryption_data: body.encryption_data,
          return_status: "1",
          return_message: "OK",
          refund_orders,
        },
      }
    })
    const outcome = await c.refund([
      {
        ...entry(1, "KWD", "1.250"),
        refund_amount: "0.125",
        refund_reason: "damaged",
      },
      { ...entry(2, "JPY", "1500"), refund_amount: "1500" },
    ])
    expect(JSON.parse(gateway!.requests[0].body).encryption_data).toBe(
      sha("M1A1T001T002" + KEY)
    )
    expect(outcome.entries[0]).toMatchObject({
      ok: true,
      refund_reference_id: "T001-01",
      refund_amount: "0.125",
    })
    expect(outcome.entries[1]).toMatchObject({
      ok: false,
      error: { code: "E0006", text: "Refund exceeds the refundable amount" },
    })
  })

  it.each([
    [
      [{ ...entry(1), refund_amount: "15.01" }],
      "refund_orders[0].refund_amount",
    ],
    [
      [{ ...entry(1), refund_amount: "0.00" }],
      "refund_orders[0].refund_amount",
    ],
    [
      [{ ...entry(1, "JPY", "1500"), refund_amount: "10.5" }],
      "refund_orders[0].refund_amount",
    ],
    [
      [
        { ...entry(1), refund_amount: "1.00" },
        { ...entry(2, "KWD", "1.25"), refund_amount: "1.000" },
      ],
      "refund_orders[1].amount",
    ],
    [
      [{ ...entry(1), transaction_id: "", refund_amount: "1.00" }],
      "refund_orders[0].transaction_id",
    ],
  ])(
    "refuses bad refund entries naming the field (%#)",
    async (entries, field) => {
      const c = await client(() => ({ body: {} }))
      const error = await c.refund(entries as never).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidInputError)
      expect((error as InvalidInputError).field).toBe(field)
      expect(gateway!.requests).toHaveLength(0)
    }
  )

  it("never retries a capture after a transport failure", async () => {
    const c = await client(() => "reset")
    const error = await c.capture([entry(1)]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransportError)
    expect((error as TransportError).may_have_reached_gateway).toBe(true)
    expect(gateway!.requests).toHaveLength(1)
  })

  it("reports entries the answer left out as not ok", async () => {
    const c = await client((request) => {
      const answer = serviceAnswer("capture_orders", "capture_status")(request)
      ;(answer.body.capture_orders as Entry[]).pop()
      return answer
    })
    const outcome = await c.capture([entry(1), entry(2)])
    expect(outcome.entries[1]).toMatchObject({
      transaction_id: "T002",
      ok: false,
    })
    expect(outcome.entries[1].error?.text).toContain("no entry")
  })
})
