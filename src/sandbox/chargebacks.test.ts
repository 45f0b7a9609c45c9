/**
 * Chargebacks (wire contract DECISION) through the control surface, read
 * back with the real gateway client: its status query, its refunds and its
 * verifyNotification. Expected signatures come from the client or from
 * node:crypto over the literal recipe, never from the sandbox's signer.
 */
import {
  createAcquiringClient,
  SignatureMismatchError,
  type AcquiringClient,
} from "../gateway"
import { startSandbox, type SandboxHandle } from "./sandbox"
import {
  expectedResultSignature,
  get,
  type HttpAnswer,
  nextOrderNo,
  post,
  startReceiver,
  TEST_ACCOUNT,
  testSign,
} from "./__fixtures__/test-harness"

let now = new Date("2026-11-20T09:30:00Z")
let sandbox: SandboxHandle
let client: AcquiringClient
let receiver: Awaited<ReturnType<typeof startReceiver>>

const clientOf = (of: SandboxHandle, options: object = {}) =>
  createAcquiringClient({
    base_url: of.url,
    ...TEST_ACCOUNT,
    timeout_ms: 2000,
    lookup_retries: 0,
    ...options,
  })

beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [{ ...TEST_ACCOUNT }],
    clock: () => now,
  })
  receiver = await startReceiver()
  client = clientOf(sandbox)
})
afterAll(async () => {
  await sandbox.close()
  await receiver.close()
})
beforeEach(() => {
  now = new Date("2026-11-20T09:30:00Z")
})

interface Paid {
  transaction_id: string
  order_no: string
  currency: string
  amount: string
}

/** A card payment through the client, captured unless told otherwise. */
async function paid(
  amount = "40.00",
  captured = true,
  on: { client: AcquiringClient } = { client }
): Promise<Paid> {
  const result = await on.client.authorize({
    order_no: nextOrderNo("CB"),
    currency: "EUR",
    amount,
    first_name: "Ada",
    last_name: "Lovelace",
    shopper_email: "ada@example.com",
    notify_url: receiver.url,
    card: "4242424242424242",
    expiration_month: "12",
    expiration_year: "2030",
    security_code: "123",
  })
  const tx = {
    transaction_id: String(result.transaction_id),
    order_no: String(result.order_no),
    currency: "EUR",
    amount,
  }
  if (captured) expect((await on.client.capture([tx])).ok).toBe(true)
  return tx
}

const control = (path: string, body: Record<string, unknown> = {}) =>
  post(`${sandbox.url}/__sandbox${path}`, body)

async function opened(tx: Paid, body: Record<string, unknown> = {}) {
  const answer = await control(
    `/transactions/${tx.transaction_id}/chargebacks`,
    body
  )
  expect(answer.status).toBe(201)
  return answer.json().chargeback as Record<string, string>
}

/** The CHARGEBACK notification of that chargeback in that status, once delivered. */
async function notified(reference: string, status: string) {
  const post = await receiver.arrival(
    (p) =>
      p.fields.notify_type === "CHARGEBACK" &&
      p.fields.chargeback_reference === reference &&
      p.fields.chargeback_status === status
  )
  return post.fields
}

/** The chargeback recipe of the wire contract: the result's values, then the chargeback's. */
const chargebackSignature = (fields: Record<string, string>) =>
  expectedResultSignature(fields, [
    "chargeback_reference",
    "chargeback_amount",
    "chargeback_status",
  ])

/** A control-surface refusal: `{code: "400", source, message}` with that HTTP status. */
function expectRefusal(
  answer: HttpAnswer,
  status: number,
  source: string,
  message: unknown = expect.any(String)
): void {
  expect(answer.status).toBe(status)
  expect(answer.json()).toEqual({ code: "400", source, message })
}

async function entryOf(tx: Paid) {
  const [entry] = await client.retrieveTransactions({
    transaction_ids: [tx.transaction_id],
  })
  return entry
}

const refundOf = async (tx: Paid, refund_amount: string) =>
  (await client.refund([{ ...tx, refund_amount, refund_reason: "test" }]))
    .entries[0]

describe("opening a chargeback", () => {
  it("reads 5000 with the chargeback in the query, is notified signed with the chargeback recipe, and refuses refunds (E0005)", async () => {
    const tx = await paid()
    const chargeback = await opened(tx, { amount: "15.00" })
    expect(chargeback).toEqual({
      merchant_id: TEST_ACCOUNT.merchant_id,
      account_id: TEST_ACCOUNT.account_id,
      transaction_id: tx.transaction_id,
      order_no: tx.order_no,
      currency: "EUR",
      chargeback_reference: expect.stringMatching(/^CB[0-9A-F]{12}$/),
      chargeback_amount: "15.00",
      chargeback_reason: "4837:No cardholder authorisation",
      chargeback_status: "OPEN",
      chargeback_date: "20261120093000",
      respond_by: "20261130093000",
    })
    const reference = chargeback.chargeback_reference

    const fields = await notified(reference, "OPEN")
    expect(fields).toMatchObject({
      merchant_id: TEST_ACCOUNT.merchant_id,
      account_id: TEST_ACCOUNT.account_id,
      transaction_id: tx.transaction_id,
      order_no: tx.order_no,
      currency: "EUR",
      amount: "40.00",
      order_status: "1",
      result_info: "0000:Success",
      payment_status: "5000",
      chargeback_amount: "15.00",
      chargeback_reason: "4837:No cardholder authorisation",
      chargeback_date: "20261120093000",
      respond_by: "20261130093000",
    })
    expect(fields.encryption_data).toBe(chargebackSignature(fields))
    expect(fields.encryption_data).not.toBe(expectedResultSignature(fields))
    expect(client.verifyNotification(fields)).toMatchObject({
      notify_type: "CHARGEBACK",
      chargeback_reference: reference,
      chargeback_status: "OPEN",
      chargeback_amount: "15.00",
    })

    expect(await entryOf(tx)).toMatchObject({
      payment_status: "5000",
      chargebacks: [
        {
          chargeback_reference: reference,
          chargeback_amount: "15.00",
          chargeback_reason: "4837:No cardholder authorisation",
          chargeback_status: "OPEN",
          chargeback_date: "20261120093000",
          respond_by: "20261130093000",
        },
      ],
    })

    expect(await refundOf(tx, "5.00")).toMatchObject({
      ok: false,
      error: { code: "E0005" },
    })
    expect((await refundOf(tx, "5.00")).error?.text).toContain(
      `chargeback ${reference} is open`
    )
  })

  it("defaults to everything still chargeable; counts refunds and other open chargebacks; takes a reason and days", async () => {
    const tx = await paid()
    expect((await refundOf(tx, "10.00")).ok).toBe(true)
    const first = await opened(tx, {
      amount: "20.00",
      reason: "4853:Not as described",
      respond_by_days: 3,
    })
    expect(first).toMatchObject({
      chargeback_reason: "4853:Not as described",
      respond_by: "20261123093000",
    })
    const over = await control(
      `/transactions/${tx.transaction_id}/chargebacks`,
      { amount: "10.01" }
    )
    expectRefusal(
      over,
      400,
      "amount",
      expect.stringContaining("10.00 EUR still chargeable")
    )
    const rest = await opened(tx)
    expect(rest.chargeback_amount).toBe("10.00")
    expect(rest.chargeback_reference).not.toBe(first.chargeback_reference)
    expectRefusal(
      await control(`/transactions/${tx.transaction_id}/chargebacks`),
      409,
      "transaction_id"
    )
    expect((await entryOf(tx)).chargebacks).toHaveLength(2)
  })

  it("refuses bad input with 400 naming the field, and an unknown transaction with 404", async () => {
    const tx = await paid()
    for (const [body, field] of [
      [{ amount: "40.01" }, "amount"],
      [{ amount: "0.00" }, "amount"],
      [{ amount: "15" }, "amount"],
      [{ amount: 15 }, "amount"],
      [{ reason: "no code" }, "reason"],
      [{ reason: 4837 }, "reason"],
      [{ respond_by_days: 0 }, "respond_by_days"],
      [{ respond_by_days: 1.5 }, "respond_by_days"],
      [{ respond_by_days: "10" }, "respond_by_days"],
    ] as const) {
      const answer = await control(
        `/transactions/${tx.transaction_id}/chargebacks`,
        body
      )
      expectRefusal(answer, 400, field)
    }
    expect((await control("/transactions/SBX-NOPE/chargebacks")).status).toBe(
      404
    )
    expect((await entryOf(tx)).payment_status).toBe("3000")
    expect((await entryOf(tx)).chargebacks).toEqual([])
  })

  it("refuses a payment that is authorised but not captured (409), and records nothing", async () => {
    const tx = await paid("40.00", false)
    const answer = await control(
      `/transactions/${tx.transaction_id}/chargebacks`
    )
    expectRefusal(
      answer,
      409,
      "transaction_id",
      "only a captured payment can be charged back: it is authorised and not captured"
    )
    const listed = await get(
      `${sandbox.url}/__sandbox/chargebacks?transaction_id=${tx.transaction_id}`
    )
    expect(listed.json().chargebacks).toEqual([])
    expect((await entryOf(tx)).payment_status).toBe("2000")
  })
})

describe("deciding a chargeback", () => {
  it("won: the status goes back (3000, or 4100 when partly refunded), notified WON, and refunds work again", async () => {
    const whole = await paid()
    const untouched = await opened(whole)
    const wonAnswer = await control(
      `/chargebacks/${untouched.chargeback_reference}/win`
    )
    expect(wonAnswer.status).toBe(200)
    expect((await entryOf(whole)).payment_status).toBe("3000")

    const tx = await paid()
    expect((await refundOf(tx, "10.00")).ok).toBe(true)
    const { chargeback_reference: reference } = await opened(tx)
    expect((await entryOf(tx)).payment_status).toBe("5000")
    now = new Date("2026-11-25T12:00:00Z")
    const won = await control(`/chargebacks/${reference}/win`)
    expect(won.status).toBe(200)
    expect(won.json().chargeback).toMatchObject({
      chargeback_reference: reference,
      chargeback_amount: "30.00",
      chargeback_status: "WON",
      decided_at: "2026-11-25T12:00:00.000Z",
    })
    const fields = await notified(reference, "WON")
    expect(fields.payment_status).toBe("4100")
    expect(fields.encryption_data).toBe(chargebackSignature(fields))
    expect(client.verifyNotification(fields).chargeback_status).toBe("WON")
    expect(await entryOf(tx)).toMatchObject({
      payment_status: "4100",
      chargebacks: [
        { chargeback_reference: reference, chargeback_status: "WON" },
      ],
    })
    expect((await refundOf(tx, "30.00")).ok).toBe(true)
    expect((await entryOf(tx)).payment_status).toBe("4000")
  })

  it("lost: 5100, notified LOST, and the lost amount is no longer refundable", async () => {
    const tx = await paid()
    const { chargeback_reference: reference } = await opened(tx, {
      amount: "15.00",
    })
    const lost = await control(`/chargebacks/${reference}/lose`)
    expect(lost.status).toBe(200)
    expect(lost.json().chargeback.chargeback_status).toBe("LOST")
    const fields = await notified(reference, "LOST")
    expect(fields).toMatchObject({ payment_status: "5100", amount: "40.00" })
    expect(fields.encryption_data).toBe(chargebackSignature(fields))
    expect(client.verifyNotification(fields).chargeback_status).toBe("LOST")
    expect((await entryOf(tx)).payment_status).toBe("5100")
    const view = await get(
      `${sandbox.url}/__sandbox/transactions/${tx.transaction_id}`
    )
    expect(view.json().transaction.refundable_amount).toBe("25.00")

    expect(await refundOf(tx, "25.01")).toMatchObject({
      ok: false,
      error: { code: "E0006" },
    })
    expect((await refundOf(tx, "25.00")).ok).toBe(true)
    expect((await entryOf(tx)).payment_status).toBe("5100")
    expect(
      (await control(`/transactions/${tx.transaction_id}/chargebacks`)).status
    ).toBe(409)
  })

  it("moves OPEN once: a second win or lose is 409; an unknown reference is 404", async () => {
    const tx = await paid()
    const { chargeback_reference: reference } = await opened(tx)
    expect((await control(`/chargebacks/${reference}/lose`)).status).toBe(200)
    for (const action of ["win", "lose"]) {
      const again = await control(`/chargebacks/${reference}/${action}`)
      expectRefusal(
        again,
        409,
        "chargeback_reference",
        "the chargeback is already LOST: only an OPEN one is won or lost"
      )
      expect((await control(`/chargebacks/CBNOPE/${action}`)).status).toBe(404)
    }
    expect((await entryOf(tx)).chargebacks).toEqual([
      expect.objectContaining({ chargeback_status: "LOST" }),
    ])
  })
})

describe("the control surface's other chargeback routes", () => {
  it("lists and shows chargebacks, resends one, loses a notification like any other, and reset forgets them", async () => {
    const tx = await paid()
    const first = await opened(tx, { amount: "5.00" })
    const second = await opened(tx, { amount: "6.00" })
    const list = await get(
      `${sandbox.url}/__sandbox/chargebacks?transaction_id=${tx.transaction_id}`
    )
    expect(
      list
        .json()
        .chargebacks.map((c: Record<string, string>) => c.chargeback_amount)
    ).toEqual(["5.00", "6.00"])
    expect(
      (
        await get(
          `${sandbox.url}/__sandbox/chargebacks/${first.chargeback_reference}`
        )
      ).json().chargeback
    ).toEqual(first)
    expect(
      (await get(`${sandbox.url}/__sandbox/chargebacks?transaction_id=NOPE`))
        .status
    ).toBe(404)

    // a fresh notification of the latest chargeback, or of the one named
    const latest = await control(`/transactions/${tx.transaction_id}/notify`, {
      notify_type: "CHARGEBACK",
    })
    expect(latest.status).toBe(201)
    const record = latest.json().notification
    expect(record.fields).toMatchObject({
      notify_type: "CHARGEBACK",
      chargeback_reference: second.chargeback_reference,
    })
    expect(client.verifyNotification(record.fields).chargeback_amount).toBe(
      "6.00"
    )
    const named = await control(`/transactions/${tx.transaction_id}/notify`, {
      notify_type: "CHARGEBACK",
      chargeback_reference: first.chargeback_reference,
    })
    expect(named.json().notification.fields.chargeback_amount).toBe("5.00")
    const unknown = await control(`/transactions/${tx.transaction_id}/notify`, {
      notify_type: "CHARGEBACK",
      chargeback_reference: "CBNOPE",
    })
    expect(unknown.status).toBe(404)
    const plain = await paid()
    expectRefusal(
      await control(`/transactions/${plain.transaction_id}/notify`, {
        notify_type: "CHARGEBACK",
      }),
      409,
      "transaction_id",
      "the transaction has no chargeback"
    )

    // lost on the way, then delivered by hand
    expect((await control("/notifications/lose", { count: 1 })).status).toBe(
      200
    )
    await control(`/chargebacks/${first.chargeback_reference}/win`)
    const withheld = (
      await get(
        `${sandbox.url}/__sandbox/notifications?transaction_id=${tx.transaction_id}`
      )
    )
      .json()
      .notifications.find(
        (n: { fields: Record<string, string> }) =>
          n.fields.chargeback_status === "WON"
      )
    expect(withheld.state).toBe("withheld")
    await control(`/notifications/${withheld.id}/deliver`)
    expect(
      (await notified(first.chargeback_reference, "WON")).payment_status
    ).toBe("5000") // the second one is still open

    expect((await control("/reset")).status).toBe(200)
    expect(
      (await get(`${sandbox.url}/__sandbox/chargebacks`)).json().chargebacks
    ).toEqual([])
  })

  it("signs with the sandbox's chargeback recipe override, which the client verifies with the same override", async () => {
    const recipe = [
      "merchant_id",
      "account_id",
      "transaction_id",
      "chargeback_reference",
      "chargeback_status",
    ]
    const custom = await startSandbox({
      accounts: [{ ...TEST_ACCOUNT }],
      recipes: { chargeback: recipe },
    })
    try {
      const customClient = clientOf(custom, { recipes: { chargeback: recipe } })
      const tx = await paid("40.00", true, { client: customClient })
      const answer = await post(
        `${custom.url}/__sandbox/transactions/${tx.transaction_id}/chargebacks`,
        {}
      )
      const reference = answer.json().chargeback.chargeback_reference
      const fields = await notified(reference, "OPEN")
      expect(fields.encryption_data).toBe(
        testSign(
          TEST_ACCOUNT.merchant_id,
          TEST_ACCOUNT.account_id,
          tx.transaction_id,
          reference,
          "OPEN"
        )
      )
      expect(customClient.verifyNotification(fields).chargeback_reference).toBe(
        reference
      )
      expect(() => client.verifyNotification(fields)).toThrow(
        SignatureMismatchError
      )
    } finally {
      await custom.close()
    }
  })
})
