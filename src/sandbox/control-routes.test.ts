import { parseResponXml } from "../gateway/codecs/xml-result"
import { startSandbox, type SandboxHandle } from "./sandbox"
import {
  authorizeBody,
  get,
  post,
  TEST_ACCOUNT,
  testSign,
} from "./__fixtures__/test-harness"

let sandbox: SandboxHandle
const lines: string[] = []
beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [{ ...TEST_ACCOUNT }],
    log: (line) => lines.push(line),
  })
})
afterAll(() => sandbox.close())

describe("control surface", () => {
  it("lists received requests, redacted, filtered by operation", async () => {
    await post(
      `${sandbox.url}/v1/authorise`,
      authorizeBody({ card: "4000000000000259", security_code: "4321" })
    )
    await post(
      `${sandbox.url}/v1/retrievalTrans`,
      {
        merchant_id: "M100",
        account_id: "A200",
        orders: "x",
        encryption_data: testSign("M100", "A200"),
      },
      "form"
    )
    const all = (await get(`${sandbox.url}/__sandbox/requests`)).json().requests
    expect(all.map((r: Record<string, string>) => r.operation)).toEqual([
      "authorise",
      "retrieval_trans",
    ])
    const [authorise] = (
      await get(`${sandbox.url}/__sandbox/requests?operation=authorise`)
    ).json().requests
    expect(authorise).toMatchObject({
      method: "POST",
      path: "/v1/authorise",
      ip: "127.0.0.1",
      encoding: "json",
      status: 200,
    })
    expect(authorise.body.card).toBe("400000******0259")
    expect(authorise.body).not.toHaveProperty("security_code")
    expect(all[1]).toMatchObject({
      encoding: "form",
      content_type: "application/x-www-form-urlencoded",
    })
  })

  it("logs one readable line per request without card data", () => {
    const line = lines.find((l) => l.includes("/v1/authorise"))!
    expect(line).toMatch(
      /POST \/v1\/authorise merchant=M100\/A200 order_no=\S+ card=400000\*{6}0259 → 200 order_status=-2/
    )
    expect(lines.join("\n")).not.toContain("4000000000000259")
    expect(lines.join("\n")).not.toContain("4321")
  })

  it("shows transactions with their wire statuses", async () => {
    const result = parseResponXml(
      (await post(`${sandbox.url}/v1/authorise`, authorizeBody())).text
    )
    const { transaction } = (
      await get(
        `${sandbox.url}/__sandbox/transactions/${result.transaction_id}`
      )
    ).json()
    expect(transaction).toMatchObject({
      state: "authorised",
      order_status: "1",
      payment_status: "2000",
      card_masked: "424242******4242",
    })
    expect(
      (
        await get(`${sandbox.url}/__sandbox/transactions?merchant_id=M100`)
      ).json().transactions.length
    ).toBeGreaterThanOrEqual(2)
    expect(
      (await get(`${sandbox.url}/__sandbox/transactions/NOPE`)).status
    ).toBe(404)
    expect(
      (await get(`${sandbox.url}/__sandbox/test-cards`)).json().test_cards
    ).toHaveLength(5)
  })

  it("changes the registered caller IPs (query_result 7 for others) until reset", async () => {
    const query = async () =>
      (
        await post(
          `${sandbox.url}/v1/retrievalTrans`,
          {
            merchant_id: "M100",
            account_id: "A200",
            orders: "ip-check",
            encryption_data: testSign("M100", "A200"),
          },
          "form"
        )
      ).json()
    const put = (ips: unknown) =>
      fetch(`${sandbox.url}/__sandbox/registered-ips`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ registered_ips: ips }),
      })
    expect((await put("x")).status).toBe(400)
    expect((await (await put(["203.0.113.9"])).json()).registered_ips).toEqual([
      "203.0.113.9",
    ])
    const refused = await query()
    expect(refused.return_status).toBe("0")
    expect(refused.orders_list[0].query_result).toBe("7")
    await post(`${sandbox.url}/__sandbox/reset`, {})
    expect((await query()).orders_list[0].query_result).toBe("2")
  })

  it("lists stored cards, masked, and lapses a token so that it pays no more (E0011)", async () => {
    const stored = parseResponXml(
      (
        await post(
          `${sandbox.url}/v1/authorise`,
          authorizeBody({ card: "5555555555554444", token_flag: "YES" })
        )
      ).text
    )
    const token = String(stored.token_id)
    expect(token).toMatch(/^tok_/)
    const listing = await get(
      `${sandbox.url}/__sandbox/tokens?merchant_id=M100&account_id=A200`
    )
    expect(listing.json().tokens).toContainEqual({
      merchant_id: "M100",
      account_id: "A200",
      token_id: token,
      card_masked: "555555******4444",
      state: "active",
      stored_at: expect.any(String),
    })
    expect(listing.text).not.toContain("5555555555554444")
    expect(
      (await get(`${sandbox.url}/__sandbox/tokens?account_id=OTHER`)).json()
        .tokens
    ).toEqual([])

    const lapsed = await post(
      `${sandbox.url}/__sandbox/tokens/${token}/lapse`,
      {}
    )
    expect(lapsed.status).toBe(200)
    expect(lapsed.json().token).toMatchObject({
      token_id: token,
      state: "lapsed",
      lapsed_at: expect.any(String),
    })
    const payment = parseResponXml(
      (
        await post(
          `${sandbox.url}/v1/authorise`,
          authorizeBody({
            card: "",
            expiration_month: "",
            expiration_year: "",
            security_code: "",
            token_id: token,
          })
        )
      ).text
    )
    expect(payment).toMatchObject({
      order_status: "0",
      result_info: "E0011:Stored card not found: the token has lapsed",
    })
    const twice = await post(
      `${sandbox.url}/__sandbox/tokens/${token}/lapse`,
      {}
    )
    expect(twice.status).toBe(409)
    expect(twice.json()).toMatchObject({ source: "token_id" })
    const unknown = await post(
      `${sandbox.url}/__sandbox/tokens/tok_nosuchtoken/lapse`,
      {}
    )
    expect(unknown.status).toBe(404)
    expect(unknown.json()).toMatchObject({ code: "404", source: "token" })
  })

  it("resets every state", async () => {
    const body = authorizeBody()
    await post(
      `${sandbox.url}/v1/authorise`,
      authorizeBody({ token_flag: "YES" })
    )
    await post(`${sandbox.url}/v1/authorise`, body)
    expect((await post(`${sandbox.url}/__sandbox/reset`, {})).json()).toEqual({
      reset: true,
    })
    expect(
      (await get(`${sandbox.url}/__sandbox/transactions`)).json().transactions
    ).toEqual([])
    expect(
      (await get(`${sandbox.url}/__sandbox/requests`)).json().requests
    ).toEqual([])
    expect(
      (await get(`${sandbox.url}/__sandbox/tokens`)).json().tokens
    ).toEqual([])
    // the order number is free again
    const again = parseResponXml(
      (await post(`${sandbox.url}/v1/authorise`, body)).text
    )
    expect(again.order_status).toBe("1")
  })

  it("answers 404 with a JSON body off the known paths", async () => {
    const answer = await post(`${sandbox.url}/v1/nothing`, {})
    expect(answer.status).toBe(404)
    expect(answer.json()).toMatchObject({ code: "404", source: "path" })
  })
})
