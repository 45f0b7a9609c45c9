import { parseResponXml } from "../../gateway/codecs/xml-result"
import { startSandbox, type SandboxHandle } from "../sandbox"
import {
  authorizeBody,
  expectedResultSignature,
  nextOrderNo,
  post,
  startReceiver,
  TEST_ACCOUNT,
  testSign,
  waitFor,
} from "../__fixtures__/test-harness"

let sandbox: SandboxHandle
const authorize = async (
  body: Record<string, unknown>,
  encoding: "json" | "form" = "json"
) => {
  const answer = await post(`${sandbox.url}/v1/authorise`, body, encoding)
  expect(answer.status).toBe(200)
  expect(answer.headers.get("content-type")).toMatch(/xml/)
  const result = parseResponXml(answer.text)
  expect(String(result.encryption_data)).toBe(expectedResultSignature(result))
  return result
}

beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [{ ...TEST_ACCOUNT }],
    clock: () => new Date("2026-11-21T12:00:00Z"),
  })
})
afterAll(() => sandbox.close())

describe("POST /v1/authorise", () => {
  it("approves the approval card with a signed respon", async () => {
    const body = authorizeBody({
      card: "4242424242424242",
      order_no: "APPROVE-1",
    })
    const result = await authorize(body)
    expect(result).toMatchObject({
      merchant_id: "M100",
      account_id: "A200",
      order_no: "APPROVE-1",
      currency: "USD",
      amount: "15.00",
      card: "424242******4242",
      order_status: "1",
      result_info: "0000:Success",
      risk_action: "ACCEPT",
    })
    expect(String(result.transaction_id)).not.toBe("")
    // the expected signature recomputed from literals
    expect(result.encryption_data).toBe(
      testSign(
        "M100",
        "A200",
        String(result.transaction_id),
        "APPROVE-1",
        "USD",
        "15.00",
        "1",
        "0000:Success"
      )
    )
  })

  it.each([
    ["4000000000009995", "0", "E0008", ""],
    ["4000000000000259", "-2", "0000", "REVIEW"],
    ["4100000000000019", "0", "E0009", "REJECT"],
    ["5555555555554444", "1", "0000", "ACCEPT"],
  ])(
    "card %s answers order_status %s with %s",
    async (card, orderStatus, code, risk) => {
      const result = await authorize(authorizeBody({ card }))
      expect(result.order_status).toBe(orderStatus)
      expect(String(result.result_info).split(":")[0]).toBe(code)
      if (risk) expect(result.risk_action).toBe(risk)
    }
  )

  it("holds the review card with a risk reason", async () => {
    const result = await authorize(authorizeBody({ card: "4000000000000259" }))
    expect(result.risk_reasons).toEqual([
      { name: "velocity_check", status: "REVIEW" },
    ])
  })

  it("answers the challenge card with -1 and an issuer_url only under do3DS", async () => {
    const challenged = await authorize(
      authorizeBody({ card: "4000002500003155", open3d: "do3DS" })
    )
    expect(challenged.order_status).toBe("-1")
    expect(String(challenged.issuer_url)).toMatch(
      new RegExp(`^${sandbox.url}/3ds/challenge/[0-9a-f]{32}$`)
    )
    const without = await authorize(authorizeBody({ card: "4000002500003155" }))
    expect(without).toMatchObject({ order_status: "0" })
    expect(String(without.result_info)).toMatch(/^E0010:/)
  })

  it("declines an expired card and security code 000", async () => {
    const expired = await authorize(
      authorizeBody({ expiration_month: "10", expiration_year: "2026" })
    )
    expect(expired.result_info).toBe("E0008:Card expired")
    const cvc = await authorize(authorizeBody({ security_code: "000" }))
    expect(cvc.order_status).toBe("0")
    expect(String(cvc.result_info)).toMatch(/^E0008:/)
  })

  it("refuses a number failing Luhn with E0001 naming the field, and creates no transaction", async () => {
    const result = await authorize(authorizeBody({ card: "4242424242424241" }))
    expect(result).toMatchObject({
      order_status: "0",
      transaction_id: "",
      result_info: "E0001:card fails the Luhn check",
    })
  })

  it("refuses a wrong signature with I0013", async () => {
    const body = {
      ...authorizeBody(),
      encryption_data: testSign("something else"),
    }
    const result = await authorize(body)
    expect(result).toMatchObject({
      order_status: "0",
      result_info: "I0013:Signature error",
    })
  })

  it("accepts an upper-case signature", async () => {
    const body = authorizeBody()
    const result = await authorize({
      ...body,
      encryption_data: String(body.encryption_data).toUpperCase(),
    })
    expect(result.order_status).toBe("1")
  })

  it("refuses a duplicate order_no with I0061", async () => {
    const orderNo = nextOrderNo("DUP")
    expect(
      (await authorize(authorizeBody({ order_no: orderNo }))).order_status
    ).toBe("1")
    const second = await authorize(authorizeBody({ order_no: orderNo }))
    expect(second.order_status).toBe("0")
    expect(String(second.result_info)).toMatch(/^I0061:/)
  })

  it("enforces field lengths at the limit and one past it (E0001)", async () => {
    expect(
      (await authorize(authorizeBody({ order_no: "A".repeat(50) })))
        .order_status
    ).toBe("1")
    const long = await authorize(authorizeBody({ order_no: "B".repeat(51) }))
    expect(long.result_info).toBe("E0001:order_no is longer than 50 characters")
    expect(
      (
        await authorize(
          authorizeBody({ shopper_email: `${"e".repeat(95)}@x.io` })
        )
      ).order_status
    ).toBe("1")
    const email = await authorize(
      authorizeBody({ shopper_email: `${"e".repeat(96)}@x.io` })
    )
    expect(email.result_info).toBe(
      "E0001:shopper_email is longer than 100 characters"
    )
  })

  it("enforces the currency's ISO 4217 digits and the amount breakdown (E0002)", async () => {
    expect(
      (await authorize(authorizeBody({ currency: "JPY", amount: "1500" })))
        .order_status
    ).toBe("1")
    expect(
      (await authorize(authorizeBody({ currency: "KWD", amount: "1.250" })))
        .order_status
    ).toBe("1")
    expect(
      String(
        (await authorize(authorizeBody({ currency: "JPY", amount: "1500.00" })))
          .result_info
      )
    ).toMatch(/^E0002:amount/)
    expect(
      String((await authorize(authorizeBody({ amount: "15.0" }))).result_info)
    ).toMatch(/^E0002:amount/)
    const matching = await authorize(
      authorizeBody({
        amount: "21.00",
        item_total: "20.00",
        shipping: "3.00",
        tax_total: "1.00",
        discount: "3.00",
      })
    )
    expect(matching.order_status).toBe("1")
    const mismatch = await authorize(
      authorizeBody({ amount: "21.00", item_total: "20.00", shipping: "3.00" })
    )
    expect(String(mismatch.result_info)).toMatch(
      /^E0002:amount 21.00 does not equal the breakdown/
    )
    expect(
      String((await authorize(authorizeBody({ currency: "XYZ" }))).result_info)
    ).toMatch(/^E0001:currency/)
  })

  it("accepts a form-urlencoded body the same as JSON", async () => {
    const result = await authorize(authorizeBody(), "form")
    expect(result.order_status).toBe("1")
  })

  it("refuses a notify_url off loopback", async () => {
    const result = await authorize(
      authorizeBody({ notify_url: "http://example.com/hook" })
    )
    expect(String(result.result_info)).toMatch(
      /^E0001:notify_url must be on loopback/
    )
  })

  it("answers HTTP 400 for an unknown account and for a broken JSON body", async () => {
    const unknown = await post(`${sandbox.url}/v1/authorise`, {
      ...authorizeBody(),
      merchant_id: "nobody",
    })
    expect(unknown.status).toBe(400)
    expect(unknown.json()).toMatchObject({
      code: "I0013",
      source: "merchant_id",
    })
    const broken = await post(`${sandbox.url}/v1/authorise`, '{"merchant_id": ')
    expect(broken.status).toBe(400)
    expect(broken.json()).toMatchObject({ code: "E0001", source: "body" })
  })

  it("starts a subscription with the first payment", async () => {
    const result = await authorize(
      authorizeBody({
        subscription: {
          contract_name: "monthly-box",
          interval: "day",
          interval_count: "7",
        },
      })
    )
    expect(result.contract_name).toBe("monthly-box")
    expect(String(result.recurring_id)).toMatch(/^RC[0-9A-F]{12}$/)
    expect(result.recurring_deduction_period).toBe("7 day")
    expect(result.recurring_deduction_time).toBe("2026-11-28 12:00:00")
  })

  it("notifies the payment result to notify_url, signed", async () => {
    const receiver = await startReceiver()
    try {
      const result = await authorize(
        authorizeBody({ notify_url: receiver.url })
      )
      const [note] = await waitFor(
        () => receiver.received.length > 0 && receiver.received
      )
      expect(note.contentType).toMatch(/application\/x-www-form-urlencoded/)
      expect(note.fields).toMatchObject({
        notify_type: "PAYMENT",
        transaction_id: String(result.transaction_id),
        order_status: "1",
        payment_status: "2000",
      })
      expect(note.fields.encryption_data).toBe(
        expectedResultSignature(note.fields)
      )
    } finally {
      await receiver.close()
    }
  })

  it("never keeps card number, expiry or security code in the request log", async () => {
    const body = authorizeBody({
      card: "4000000000009995",
      security_code: "987",
      order_no: "REDACT-1",
    })
    await authorize(body, "form")
    const [entry] = sandbox
      .requests({ operation: "authorise" })
      .filter(
        (r) => (r.body as Record<string, unknown>).order_no === "REDACT-1"
      )
    expect(entry.body).toMatchObject({
      card: "400000******9995",
      order_no: "REDACT-1",
    })
    expect(entry.body).not.toHaveProperty("security_code")
    expect(entry.body).not.toHaveProperty("expiration_month")
    expect(entry.body).not.toHaveProperty("expiration_year")
    expect(JSON.stringify(sandbox.requests())).not.toContain("4000000000009995")
  })
})
