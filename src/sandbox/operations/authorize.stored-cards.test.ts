/**
 * Stored cards on /v1/authorise (wire contract, "Stored cards"): token_flag
 * YES keeps an authorised card, a non-empty token_id pays with it.
 */
import { parseResponXml } from "../../gateway/codecs/xml-result"
import { startSandbox, type SandboxHandle } from "../sandbox"
import {
  authorizeBody,
  expectedResultSignature,
  get,
  post,
  startReceiver,
  TEST_ACCOUNT,
  testSign,
  waitFor,
} from "../__fixtures__/test-harness"

// a second account with the same key, so the harness signs for it too
const OTHER_ACCOUNT = { ...TEST_ACCOUNT, account_id: "A201" }
let sandbox: SandboxHandle
let now = new Date("2026-11-21T12:00:00Z")

beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [{ ...TEST_ACCOUNT }, OTHER_ACCOUNT],
    clock: () => now,
  })
})
afterAll(() => sandbox.close())

const authorize = async (body: Record<string, unknown>) => {
  const answer = await post(`${sandbox.url}/v1/authorise`, body)
  expect(answer.status).toBe(200)
  const result = parseResponXml(answer.text)
  expect(String(result.encryption_data)).toBe(expectedResultSignature(result))
  return result
}

/** A stored-card payment: card and expiry sent empty, signed over those empty strings. */
const withToken = (token_id: string, overrides: Record<string, unknown> = {}) =>
  authorizeBody({
    card: "",
    expiration_month: "",
    expiration_year: "",
    security_code: "123",
    token_id,
    ...overrides,
  })

/** Pays with token_flag YES and answers the token the result carries. */
async function storeCard(overrides: Record<string, unknown> = {}) {
  const result = await authorize(
    authorizeBody({ token_flag: "YES", ...overrides })
  )
  expect(String(result.token_id)).toMatch(/^tok_[a-z]{32}$/)
  return String(result.token_id)
}

describe("keeping a card (token_flag YES)", () => {
  it("stores an approved card: the respon carries token_id, signed as every result", async () => {
    const body = authorizeBody({ token_flag: "YES", order_no: "KEEP-1" })
    const result = await authorize(body)
    expect(result).toMatchObject({
      order_status: "1",
      result_info: "0000:Success",
      card: "424242******4242",
    })
    const token = String(result.token_id)
    expect(token).toMatch(/^tok_[a-z]{32}$/)
    expect(token.length).toBeLessThanOrEqual(64)
    // token_id is not in the result recipe: the signature is the usual one
    expect(result.encryption_data).toBe(
      testSign(
        "M100",
        "A200",
        String(result.transaction_id),
        "KEEP-1",
        "USD",
        "15.00",
        "1",
        "0000:Success"
      )
    )
    const tx = (
      await get(
        `${sandbox.url}/__sandbox/transactions/${result.transaction_id}`
      )
    ).json().transaction
    expect(tx).toMatchObject({ keep_card: true, token_id: token })
  })

  it("stores a card held for review (order_status -2)", async () => {
    const result = await authorize(
      authorizeBody({ token_flag: "YES", card: "4000000000000259" })
    )
    expect(result.order_status).toBe("-2")
    expect(String(result.token_id)).toMatch(/^tok_/)
  })

  it.each([
    ["NO", "4242424242424242", {}],
    ["", "4242424242424242", {}],
    [undefined, "5555555555554444", {}],
    ["YES", "4000000000009995", {}],
    ["YES", "4100000000000019", {}],
    [
      "YES",
      "5105105105105100",
      { expiration_year: "2026", expiration_month: "10" },
    ],
    ["YES", "5105105105105100", { security_code: "000" }],
  ])(
    "stores nothing with token_flag %j for card %s %j",
    async (token_flag, card, extra) => {
      const before = sandbox.storedCards().length
      const result = await authorize(
        authorizeBody({ token_flag, card, ...extra })
      )
      expect(result.token_id).toBe("")
      expect(sandbox.storedCards()).toHaveLength(before)
    }
  )

  it("answers the same token for the same card on the same account, another on another account", async () => {
    const first = await storeCard({ card: "4012888888881881" })
    const again = await storeCard({
      card: "4012888888881881",
      expiration_year: "2031",
    })
    expect(again).toBe(first)
    const elsewhere = await storeCard({
      card: "4012888888881881",
      account_id: "A201",
    })
    expect(elsewhere).not.toBe(first)
    const listed = sandbox
      .storedCards()
      .filter((t) => t.card_masked === "401288******1881")
    expect(listed.map((t) => [t.account_id, t.token_id])).toEqual([
      ["A200", first],
      ["A201", elsewhere],
    ])
  })

  it("refuses a token_flag other than YES, NO or empty with E0001", async () => {
    const result = await authorize(authorizeBody({ token_flag: "yes" }))
    expect(result).toMatchObject({
      order_status: "0",
      transaction_id: "",
      result_info: "E0001:token_flag must be YES, NO or empty",
    })
  })

  it("carries the token in the notification and the retrievalTrans entry of that transaction", async () => {
    const receiver = await startReceiver()
    try {
      const result = await authorize(
        authorizeBody({ token_flag: "YES", notify_url: receiver.url })
      )
      const token = String(result.token_id)
      const [note] = await waitFor(
        () => receiver.received.length > 0 && receiver.received
      )
      expect(note.fields).toMatchObject({
        notify_type: "PAYMENT",
        transaction_id: String(result.transaction_id),
        token_id: token,
      })
      expect(note.fields.encryption_data).toBe(
        expectedResultSignature(note.fields)
      )
      const query = await post(
        `${sandbox.url}/v1/retrievalTrans`,
        {
          merchant_id: "M100",
          account_id: "A200",
          trades: String(result.transaction_id),
          encryption_data: testSign("M100", "A200"),
        },
        "form"
      )
      expect(query.json().orders_list[0]).toMatchObject({
        transaction_id: String(result.transaction_id),
        query_result: "1",
        token_id: token,
      })
    } finally {
      await receiver.close()
    }
  })
})

describe("paying with a stored card (token_id)", () => {
  let token: string
  beforeAll(async () => {
    token = await storeCard({ card: "4242424242424242" })
  })

  it("approves with the card fields empty; the result shows the stored card masked", async () => {
    const body = withToken(token, { order_no: "TOKEN-PAY-1" })
    // the harness signed the empty card, year and month as empty strings
    expect(body.encryption_data).toBe(
      testSign(
        "M100",
        "A200",
        "TOKEN-PAY-1",
        "USD",
        "15.00",
        "Ada",
        "Lovelace",
        "",
        "",
        "",
        "123",
        "ada@example.com"
      )
    )
    const result = await authorize(body)
    expect(result).toMatchObject({
      order_status: "1",
      result_info: "0000:Success",
      card: "424242******4242",
      // this payment did not ask to keep the card
      token_id: "",
    })
  })

  it("approves a payment the shopper does not attend (no security code)", async () => {
    const empty = await authorize(withToken(token, { security_code: "" }))
    expect(empty.order_status).toBe("1")
    const absent = await authorize(
      withToken(token, { security_code: undefined })
    )
    expect(absent.order_status).toBe("1")
  })

  it("answers the same token when the stored-card payment asks to keep the card again", async () => {
    const result = await authorize(withToken(token, { token_flag: "YES" }))
    expect(result.token_id).toBe(token)
  })

  it("declines security code 000 typed again", async () => {
    const result = await authorize(withToken(token, { security_code: "000" }))
    expect(result).toMatchObject({
      order_status: "0",
      result_info: "E0008:Security code check failed",
      card: "424242******4242",
    })
  })

  it("holds a stored review card for review", async () => {
    const review = await storeCard({ card: "4000000000000259" })
    const result = await authorize(withToken(review))
    expect(result).toMatchObject({
      order_status: "-2",
      risk_action: "REVIEW",
      card: "400000******0259",
    })
  })

  it("challenges the stored 3-D Secure card again when 3-D Secure applies", async () => {
    const first = await authorize(
      authorizeBody({
        card: "4000002500003155",
        open3d: "do3DS",
        token_flag: "YES",
      })
    )
    expect(first).toMatchObject({ order_status: "-1", token_id: "" })
    expect(
      sandbox.resolveThreeDSecure(String(first.transaction_id), "pass")
    ).toBe(true)
    const stored = (
      await get(`${sandbox.url}/__sandbox/transactions/${first.transaction_id}`)
    ).json().transaction.token_id
    expect(stored).toMatch(/^tok_/)

    const challenged = await authorize(withToken(stored, { open3d: "do3DS" }))
    expect(challenged).toMatchObject({
      order_status: "-1",
      threeds_result: "CHALLENGE_PENDING",
      card: "400000******3155",
    })
    expect(String(challenged.issuer_url)).toMatch(/\/3ds\/challenge\//)
    const without = await authorize(withToken(stored))
    expect(without.order_status).toBe("0")
    expect(String(without.result_info)).toMatch(/^E0010:/)
  })

  it("declines a stored card whose expiry has passed since", async () => {
    const expiring = await storeCard({
      card: "378282246310005",
      expiration_month: "12",
      expiration_year: "2026",
      security_code: "1234",
    })
    expect((await authorize(withToken(expiring))).order_status).toBe("1")
    now = new Date("2027-01-02T12:00:00Z")
    try {
      const result = await authorize(withToken(expiring))
      expect(result).toMatchObject({
        order_status: "0",
        result_info: "E0008:Card expired",
      })
    } finally {
      now = new Date("2026-11-21T12:00:00Z")
    }
  })

  it("answers E0011 for a token the account never issued, without a transaction", async () => {
    const before = sandbox.state.ledger(TEST_ACCOUNT).transactions.size
    const result = await authorize(withToken("tok_nosuchtoken"))
    expect(result).toMatchObject({
      order_status: "0",
      transaction_id: "",
      result_info: "E0011:Stored card not found",
    })
    expect(sandbox.state.ledger(TEST_ACCOUNT).transactions.size).toBe(before)
  })

  it("answers E0011 for another account's token", async () => {
    const theirs = await storeCard({
      card: "6011111111111117",
      account_id: "A201",
    })
    const result = await authorize(withToken(theirs))
    expect(result.result_info).toBe("E0011:Stored card not found")
    const own = await authorize(withToken(theirs, { account_id: "A201" }))
    expect(own.order_status).toBe("1")
  })

  it("answers E0011 for a lapsed token", async () => {
    const lapsing = await storeCard({ card: "4111111111111111" })
    expect(sandbox.lapseToken(lapsing)).toBe(true)
    const result = await authorize(withToken(lapsing))
    expect(result).toMatchObject({
      order_status: "0",
      result_info: "E0011:Stored card not found: the token has lapsed",
    })
  })

  it.each([
    ["card", "4242424242424242"],
    ["expiration_month", "12"],
    ["expiration_year", "2030"],
  ])(
    "refuses a %s beside a token_id with E0001 and opens no transaction",
    async (field, value) => {
      const result = await authorize(withToken(token, { [field]: value }))
      expect(result).toMatchObject({
        order_status: "0",
        transaction_id: "",
        result_info: `E0001:${field} must be empty when paying with a stored card (token_id)`,
      })
    }
  )

  it("refuses a malformed security code and a token_id over 64 characters (E0001)", async () => {
    const cvc = await authorize(withToken(token, { security_code: "12" }))
    expect(cvc.result_info).toBe(
      "E0001:security_code must be 3 or 4 digits, or empty"
    )
    const long = await authorize(withToken("t".repeat(65)))
    expect(long.result_info).toBe("E0001:token_id is longer than 64 characters")
    const sixtyFour = await authorize(withToken("t".repeat(64)))
    expect(sixtyFour.result_info).toBe("E0011:Stored card not found")
  })

  it("keeps the card number out of the request log, the control surface and notifications", async () => {
    const receiver = await startReceiver()
    try {
      const kept = await storeCard({
        card: "4917610000000000",
        notify_url: receiver.url,
      })
      await authorize(withToken(kept, { notify_url: receiver.url }))
      await waitFor(() => receiver.received.length >= 2)
      const seen = [
        JSON.stringify(sandbox.requests()),
        JSON.stringify(sandbox.notifications()),
        JSON.stringify(receiver.received),
        (await get(`${sandbox.url}/__sandbox/transactions`)).text,
        (await get(`${sandbox.url}/__sandbox/tokens`)).text,
      ]
      for (const text of seen) expect(text).not.toContain("4917610000000000")
      expect(seen[4]).toContain("491761******0000")
    } finally {
      await receiver.close()
    }
  })
})
