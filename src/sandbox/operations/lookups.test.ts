import { parseResponXml } from "../../gateway/codecs/xml-result"
import { startSandbox, type SandboxHandle } from "../sandbox"
import {
  authorizeBody,
  batchBody,
  post,
  TEST_ACCOUNT,
  testSign,
} from "../__fixtures__/test-harness"

let sandbox: SandboxHandle
let closedOff: SandboxHandle
const SIGNED = {
  merchant_id: "M100",
  account_id: "A200",
  encryption_data: testSign("M100", "A200"),
}

beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [{ ...TEST_ACCOUNT }],
    clock: () => new Date("2026-11-21T09:08:07Z"),
  })
  closedOff = await startSandbox({
    accounts: [{ ...TEST_ACCOUNT }],
    registered_ips: ["10.1.2.3"],
  })
})
afterAll(async () => {
  await sandbox.close()
  await closedOff.close()
})

async function pay(
  target: SandboxHandle,
  overrides: Record<string, unknown> = {}
) {
  const result = parseResponXml(
    (await post(`${target.url}/v1/authorise`, authorizeBody(overrides))).text
  )
  return {
    transaction_id: String(result.transaction_id),
    order_no: String(result.order_no),
    currency: "USD",
    amount: String(result.amount),
  }
}

const query = async (
  target: SandboxHandle,
  fields: Record<string, unknown>
) => {
  const answer = await post(
    `${target.url}/v1/retrievalTrans`,
    { ...SIGNED, ...fields },
    "form"
  )
  expect(answer.status).toBe(200)
  return answer.json()
}
const refundSearch = async (fields: Record<string, unknown>) => {
  const answer = await post(
    `${sandbox.url}/v1/retrievalRefund`,
    { ...SIGNED, ...fields },
    "form"
  )
  expect(answer.status).toBe(200)
  return answer.json()
}

describe("retrievalTrans", () => {
  it("finds orders by order number and by transaction id, echoing the signature", async () => {
    const tx = await pay(sandbox, { website: "shop.example" })
    const byOrder = await query(sandbox, {
      orders: `${tx.order_no},missing-order`,
    })
    expect(byOrder).toMatchObject({
      return_status: "1",
      encryption_data: SIGNED.encryption_data,
      is3ds: "0",
      antifraud_provider: "sandbox-risk",
    })
    expect(byOrder.fraud_check_result).toEqual([
      { check_items: "card_velocity", status: "ACCEPT" },
    ])
    expect(byOrder.orders_list).toEqual([
      {
        order_no: tx.order_no,
        amount: "15.00",
        currency: "USD",
        payment_status: "2000",
        query_result: "1",
        reference_no: expect.stringMatching(/^REF/),
        transaction_id: tx.transaction_id,
        transaction_date: "20261121090807",
        website: "shop.example",
        // a direct payment is a card
        payment_method: "CARD",
        // no card kept (token_flag absent)
        token_id: "",
        // an e-commerce payment
        order_type: "",
      },
      { order_no: "missing-order", transaction_id: "", query_result: "2" },
    ])
    const byTrade = await query(sandbox, { trades: tx.transaction_id })
    expect(byTrade.orders_list[0]).toMatchObject({
      order_no: tx.order_no,
      query_result: "1",
    })
  })

  it("reports each payment_status of the lifecycle", async () => {
    const failed = await pay(sandbox, { card: "4000000000009995" })
    const pending = await pay(sandbox, {
      card: "4000002500003155",
      open3d: "do3DS",
    })
    const held = await pay(sandbox, { card: "4000000000000259" })
    const json = await query(sandbox, {
      trades: [failed, pending, held].map((t) => t.transaction_id).join(","),
    })
    expect(
      json.orders_list.map((e: Record<string, string>) => e.payment_status)
    ).toEqual(["1000", "2100", "2200"])
  })

  it("takes 100 values and refuses 101 with E0003 (query_result 4)", async () => {
    const values = (n: number) =>
      Array.from({ length: n }, (_, i) => `o${i}`).join(",")
    const atLimit = await query(sandbox, { orders: values(100) })
    expect(atLimit.return_status).toBe("1")
    expect(atLimit.orders_list).toHaveLength(100)
    const over = await query(sandbox, { orders: values(101) })
    expect(over).toMatchObject({
      return_status: "0",
      return_message:
        "E0003:Too many values in one request: 101, the limit is 100",
    })
    expect(
      over.orders_list.every(
        (e: Record<string, string>) => e.query_result === "4"
      )
    ).toBe(true)
  })

  it("counts values before characters: 101 ordinary order numbers are E0003, not a length error", async () => {
    const orders = Array.from(
      { length: 101 },
      (_, i) => `ORD-${String(i).padStart(6, "0")}`
    ).join(",")
    expect(orders.length).toBeGreaterThan(1000)
    const over = await query(sandbox, { orders })
    expect(over.return_message).toBe(
      "E0003:Too many values in one request: 101, the limit is 100"
    )
    expect(over.orders_list).toHaveLength(101)
    expect(
      over.orders_list.every(
        (e: Record<string, string>) => e.query_result === "4"
      )
    ).toBe(true)
  })

  it("refuses a selector over 1,000 characters, none, or both (E0001, query_result 3)", async () => {
    const long = await query(sandbox, { orders: "x".repeat(1001) })
    expect(long.return_message).toBe(
      "E0001:orders is longer than 1000 characters"
    )
    expect(
      (await query(sandbox, { orders: "y".repeat(1000) })).return_status
    ).toBe("1")
    const none = await query(sandbox, {})
    expect(none).toMatchObject({
      return_status: "0",
      orders_list: [{ query_result: "3" }],
    })
    expect(none.return_message).toMatch(/^E0001:orders is required/)
    expect(
      (await query(sandbox, { orders: "a", trades: "b" })).return_message
    ).toMatch(/^E0001:trades may not be sent together/)
  })

  it("answers query_result 6 for a wrong signature", async () => {
    const json = await query(sandbox, {
      orders: "a,b",
      encryption_data: testSign("nope"),
    })
    expect(json).toMatchObject({
      return_status: "0",
      return_message: "I0013:Signature error",
    })
    expect(
      json.orders_list.map((e: Record<string, string>) => e.query_result)
    ).toEqual(["6", "6"])
  })

  it("answers query_result 7 to a caller IP not registered", async () => {
    const tx = await pay(closedOff)
    const json = await query(closedOff, { orders: tx.order_no })
    expect(json).toMatchObject({
      return_status: "0",
      return_message: "E0007:Caller IP 127.0.0.1 is not registered",
    })
    expect(json.orders_list).toEqual([
      { order_no: tx.order_no, transaction_id: "", query_result: "7" },
    ])
  })

  it("accepts a JSON body too", async () => {
    const answer = await post(
      `${sandbox.url}/v1/retrievalTrans`,
      { ...SIGNED, orders: "nothing" },
      "json"
    )
    expect(answer.json().orders_list[0].query_result).toBe("2")
  })
})

describe("retrievalRefund", () => {
  it("lists refunds by order number, refund reference and refund reference id", async () => {
    const tx = await pay(sandbox, { amount: "40.00" })
    const batch = async (
      path: string,
      field: string,
      entries: Record<string, unknown>[]
    ) => (await post(`${sandbox.url}${path}`, batchBody(field, entries))).json()
    await batch("/v1/capture", "capture_orders", [tx])
    const refunded = await batch("/v1/refund", "refund_orders", [
      { ...tx, refund_amount: "10.00", refund_reason: "one" },
      { ...tx, refund_amount: "5.00", refund_reason: "two" },
    ])
    const [r1, r2] = refunded.refund_orders
    const byOrder = await refundSearch({ refund_orders: tx.order_no })
    expect(byOrder).toMatchObject({
      return_status: "1",
      encryption_data: SIGNED.encryption_data,
    })
    expect(byOrder.refund_orders).toEqual([
      expect.objectContaining({
        transaction_id: tx.transaction_id,
        order_no: tx.order_no,
        currency: "USD",
        amount: "40.00",
        refund_amount: "10.00",
        refund_status: "1",
        payment_status: "4100",
        refund_reference: r1.refund_reference,
        refund_reference_id: `${tx.transaction_id}-01`,
        refund_reason: "one",
        refund_date: "20261121090807",
        refund_processing_date: "20261121090807",
      }),
      expect.objectContaining({
        refund_reference_id: `${tx.transaction_id}-02`,
        refund_amount: "5.00",
      }),
    ])
    const byReference = await refundSearch({
      refund_references: r2.refund_reference,
    })
    expect(
      byReference.refund_orders.map(
        (r: Record<string, string>) => r.refund_reference_id
      )
    ).toEqual([`${tx.transaction_id}-02`])
    const byMerchantRefund = await refundSearch({
      merchant_refunds: `${tx.transaction_id}-01`,
    })
    expect(
      byMerchantRefund.refund_orders.map(
        (r: Record<string, string>) => r.refund_amount
      )
    ).toEqual(["10.00"])
  })

  it("takes 100 values, refuses 101 (E0003), a wrong signature (I0013) and no selector (E0001)", async () => {
    const values = (n: number) =>
      Array.from({ length: n }, (_, i) => `r${i}`).join(",")
    expect(
      (await refundSearch({ refund_orders: values(100) })).return_status
    ).toBe("1")
    expect(
      (await refundSearch({ refund_orders: values(101) })).return_message
    ).toMatch(/^E0003:/)
    const longOrders = Array.from(
      { length: 101 },
      (_, i) => `ORD-${String(i).padStart(6, "0")}`
    ).join(",")
    expect(
      (await refundSearch({ refund_orders: longOrders })).return_message
    ).toMatch(/^E0003:/)
    expect(
      (
        await refundSearch({
          refund_orders: "x",
          encryption_data: testSign("x"),
        })
      ).return_message
    ).toBe("I0013:Signature error")
    expect((await refundSearch({})).return_message).toMatch(
      /^E0001:refund_orders is required/
    )
  })
})
