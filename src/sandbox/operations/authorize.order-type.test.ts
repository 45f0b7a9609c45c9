/**
 * Staff-entered and merchant-initiated payments on /v1/authorise (wire
 * contract DECISION, "Staff-entered card payments"): `order_type` MIT is a
 * stored card charged without its security code and never challenged;
 * results and query entries carry `order_type`, which no signature covers.
 */
import { parseResponXml } from "../../gateway/codecs/xml-result"
import { startSandbox, type SandboxHandle } from "../sandbox"
import {
  authorizeBody,
  expectedResultSignature,
  post,
  TEST_ACCOUNT,
  testSign,
} from "../__fixtures__/test-harness"

let sandbox: SandboxHandle

beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ ...TEST_ACCOUNT }] })
})
afterAll(() => sandbox.close())

const authorize = async (body: Record<string, unknown>) => {
  const answer = await post(`${sandbox.url}/v1/authorise`, body)
  expect(answer.status).toBe(200)
  const result = parseResponXml(answer.text)
  // order_type rides beside the signed fields: the usual signature still holds
  expect(String(result.encryption_data)).toBe(expectedResultSignature(result))
  return result
}

/** Keeps the card with a first payment (staff-entered, so a card the issuer would challenge is kept without a challenge). */
async function storedToken(number: string): Promise<string> {
  const kept = await authorize(
    authorizeBody({ card: number, token_flag: "YES", order_type: "MOTO" })
  )
  expect(String(kept.token_id)).toMatch(/^tok_/)
  return String(kept.token_id)
}

const mit = (token_id: string, overrides: Record<string, unknown> = {}) =>
  authorizeBody({
    card: "",
    expiration_month: "",
    expiration_year: "",
    security_code: "",
    token_id,
    order_type: "MIT",
    ...overrides,
  })

describe("order_type MIT", () => {
  it("charges a stored card without its security code, marked MIT in the result and the status query", async () => {
    const token = await storedToken("4242424242424242")
    const result = await authorize(mit(token))
    expect(result).toMatchObject({
      order_status: "1",
      result_info: "0000:Success",
      order_type: "MIT",
      threeds_result: "",
    })
    const query = await post(
      `${sandbox.url}/v1/retrievalTrans`,
      {
        merchant_id: TEST_ACCOUNT.merchant_id,
        account_id: TEST_ACCOUNT.account_id,
        encryption_data: testSign(
          TEST_ACCOUNT.merchant_id,
          TEST_ACCOUNT.account_id
        ),
        orders: String(result.order_no),
      },
      "form"
    )
    const [entry] = (await query.json()).orders_list
    expect(entry).toMatchObject({
      order_no: result.order_no,
      order_type: "MIT",
    })
  })

  it("is never challenged, though the stored card is one the issuer would challenge", async () => {
    const token = await storedToken("4000002500003155")
    const result = await authorize(mit(token, { open3d: "do3DS" }))
    expect(result).toMatchObject({
      order_status: "1",
      order_type: "MIT",
      threeds_result: "",
    })
    expect(result.issuer_url ?? "").toBe("")
  })

  it("refuses a card typed instead of a stored one", async () => {
    const result = await authorize(
      authorizeBody({ order_type: "MIT", security_code: "" })
    )
    expect(result).toMatchObject({ order_status: "0" })
    expect(String(result.result_info)).toMatch(/^E0001:.*order_type/)
  })

  it("refuses a security code, and an order_type it does not know", async () => {
    const token = await storedToken("4242424242424242")
    const withCode = await authorize(mit(token, { security_code: "123" }))
    expect(String(withCode.result_info)).toMatch(/^E0001:.*order_type/)
    const unknown = await authorize(authorizeBody({ order_type: "PHONE" }))
    expect(unknown).toMatchObject({ order_status: "0" })
    expect(String(unknown.result_info)).toMatch(
      /^E0001:.*order_type.*MOTO, MIT or empty/
    )
  })

  it("an e-commerce payment carries an empty order_type", async () => {
    const result = await authorize(authorizeBody())
    expect(result.order_type ?? "").toBe("")
  })
})

describe("order_type MOTO on a direct payment", () => {
  it("a card the issuer would challenge is authorised without 3-D Secure", async () => {
    const result = await authorize(
      authorizeBody({
        card: "4000002500003155",
        open3d: "do3DS",
        order_type: "MOTO",
      })
    )
    expect(result).toMatchObject({
      order_status: "1",
      order_type: "MOTO",
      threeds_result: "",
    })
    expect(result.issuer_url ?? "").toBe("")
  })
})
