import { parseCheckoutPage } from "../gateway/codecs/checkout-page"
import { parseResponXml } from "../gateway/codecs/xml-result"
import { startSandbox, type SandboxHandle } from "./sandbox"
import {
  authorizeBody,
  batchBody,
  expectedResultSignature,
  get,
  nextOrderNo,
  post,
  TEST_ACCOUNT,
  testSign,
} from "./__fixtures__/test-harness"

let sandbox: SandboxHandle
beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ ...TEST_ACCOUNT }] })
})
afterAll(() => sandbox.close())
afterEach(() => fetch(`${sandbox.url}/__sandbox/faults`, { method: "DELETE" }))

const inject = async (fault: Record<string, unknown>) => {
  const answer = await post(`${sandbox.url}/__sandbox/faults`, fault)
  expect(answer.status).toBe(201)
  return answer.json().fault
}

async function found(orderNo: string): Promise<boolean> {
  const answer = await post(
    `${sandbox.url}/v1/retrievalTrans`,
    {
      merchant_id: "M100",
      account_id: "A200",
      orders: orderNo,
      encryption_data: testSign("M100", "A200"),
    },
    "form"
  )
  return answer.json().orders_list[0].query_result === "1"
}

describe("fault injection", () => {
  it("delays the next call (latency) and only that one", async () => {
    await inject({ operation: "authorise", kind: "latency", latency_ms: 200 })
    const started = Date.now()
    const slow = await post(`${sandbox.url}/v1/authorise`, authorizeBody())
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
    expect(parseResponXml(slow.text).order_status).toBe("1")
    await post(`${sandbox.url}/v1/authorise`, authorizeBody())
    // the request log says which calls the fault hit: the first only
    const { requests } = (
      await get(`${sandbox.url}/__sandbox/requests?operation=authorise`)
    ).json()
    expect(requests.slice(-2).map((r: { fault?: string }) => r.fault)).toEqual([
      "latency",
      undefined,
    ])
  })

  it("resets the connection before processing (nothing happens) or after (the payment exists)", async () => {
    await inject({ operation: "authorise", kind: "connection_reset" })
    const before = authorizeBody()
    await expect(post(`${sandbox.url}/v1/authorise`, before)).rejects.toThrow()
    expect(await found(String(before.order_no))).toBe(false)

    await inject({
      operation: "authorise",
      kind: "connection_reset",
      after_processing: true,
    })
    const after = authorizeBody()
    await expect(post(`${sandbox.url}/v1/authorise`, after)).rejects.toThrow()
    expect(await found(String(after.order_no))).toBe(true)
  })

  it("answers HTTP 500 for the next N calls", async () => {
    await inject({ operation: "authorise", kind: "http_500", count: 2 })
    const a = authorizeBody()
    expect((await post(`${sandbox.url}/v1/authorise`, a)).status).toBe(500)
    expect(
      (await post(`${sandbox.url}/v1/authorise`, authorizeBody())).status
    ).toBe(500)
    expect(
      (await post(`${sandbox.url}/v1/authorise`, authorizeBody())).status
    ).toBe(200)
    expect(await found(String(a.order_no))).toBe(false)
    await inject({
      operation: "authorise",
      kind: "http_500",
      after_processing: true,
    })
    const b = authorizeBody()
    expect((await post(`${sandbox.url}/v1/authorise`, b)).status).toBe(500)
    expect(await found(String(b.order_no))).toBe(true)
  })

  it("truncates the body (malformed) of XML and JSON answers", async () => {
    await inject({ operation: "authorise", kind: "malformed_body" })
    const xml = await post(`${sandbox.url}/v1/authorise`, authorizeBody())
    expect(xml.status).toBe(200)
    expect(() => parseResponXml(xml.text)).toThrow()
    await inject({ operation: "capture", kind: "malformed_body" })
    const json = await post(
      `${sandbox.url}/v1/capture`,
      batchBody("capture_orders", [{ transaction_id: "T", amount: "1.00" }])
    )
    expect(() => json.json()).toThrow()
  })

  it("corrupts the signature (wrong_signature) of a respon, a batch echo and the checkout page", async () => {
    await inject({ operation: "authorise", kind: "wrong_signature" })
    const result = parseResponXml(
      (await post(`${sandbox.url}/v1/authorise`, authorizeBody())).text
    )
    expect(result.order_status).toBe("1")
    expect(result.encryption_data).toMatch(/^[0-9a-f]{64}$/)
    expect(result.encryption_data).not.toBe(expectedResultSignature(result))

    await inject({ operation: "refund", kind: "wrong_signature" })
    const body = batchBody("refund_orders", [
      { transaction_id: "T", amount: "1.00", refund_amount: "1.00" },
    ])
    const echoed = (await post(`${sandbox.url}/v1/refund`, body)).json()
    expect(echoed.encryption_data).toMatch(/^[0-9a-f]{64}$/)
    expect(echoed.encryption_data).not.toBe(body.encryption_data)

    await inject({ operation: "checkout", kind: "wrong_signature" })
    const order = {
      merchant_id: "M100",
      account_id: "A200",
      order_no: nextOrderNo("F"),
      currency: "USD",
      amount: "1.00",
      return_url: "http://127.0.0.1:9/r",
    }
    const signature = testSign(
      order.merchant_id,
      order.account_id,
      order.order_no,
      order.currency,
      order.amount,
      order.return_url
    )
    const page = parseCheckoutPage(
      (
        await post(`${sandbox.url}/v1/checkout`, {
          ...order,
          encryption_data: signature,
        })
      ).text
    )
    expect(page.form.inputs.signInfo).not.toBe(signature)
    expect(
      (await post(page.form.action, page.form.inputs, "form")).status
    ).toBe(400)
  })

  it("lists, validates and clears faults on the control surface", async () => {
    await inject({ operation: "payout", kind: "http_500", count: 3 })
    const listed = (await get(`${sandbox.url}/__sandbox/faults`)).json().faults
    expect(listed).toEqual([
      expect.objectContaining({
        operation: "payout",
        kind: "http_500",
        remaining: 3,
      }),
    ])
    const bad = await post(`${sandbox.url}/__sandbox/faults`, {
      operation: "payout",
      kind: "gremlins",
    })
    expect(bad.status).toBe(400)
    expect(bad.json().message).toMatch(/kind must be one of/)
    expect(
      (
        await post(`${sandbox.url}/__sandbox/faults`, {
          operation: "teleport",
          kind: "http_500",
        })
      ).status
    ).toBe(400)
    await fetch(`${sandbox.url}/__sandbox/faults`, { method: "DELETE" })
    expect(
      (await get(`${sandbox.url}/__sandbox/faults`)).json().faults
    ).toEqual([])
    expect(
      sandbox.injectFault({
        operation: "optimise",
        kind: "latency",
        latency_ms: 1,
      }).remaining
    ).toBe(1)
  })
})
