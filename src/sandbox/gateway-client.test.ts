/**
 * The sandbox driven through the gateway client: every operation signed by
 * the client and verified by it, so both sides' independent signing code
 * must agree with the wire contract.
 */
import { parse } from "node-html-parser"
import {
  createAcquiringClient,
  ERROR_CODE,
  type AcquiringClient,
} from "../gateway"
import { DEFAULT_SANDBOX_ACCOUNT } from "./accounts"
import { startSandbox, type SandboxHandle } from "./sandbox"
import {
  nextOrderNo,
  post,
  startReceiver,
  waitFor,
} from "./__fixtures__/test-harness"

let sandbox: SandboxHandle
let client: AcquiringClient
let receiver: Awaited<ReturnType<typeof startReceiver>>

beforeAll(async () => {
  sandbox = await startSandbox({ payout_settle_ms: null })
  receiver = await startReceiver()
  client = createAcquiringClient({
    base_url: sandbox.url,
    ...DEFAULT_SANDBOX_ACCOUNT,
    timeout_ms: 30_000,
    lookup_retries: 0,
  })
})
afterAll(async () => {
  await sandbox.close()
  await receiver.close()
})

const card = (number: string) => ({
  card: number,
  expiration_month: "12",
  expiration_year: "2030",
  security_code: "123",
})
const order = (overrides: Record<string, unknown> = {}) => ({
  order_no: nextOrderNo("CLIENT"),
  currency: "USD",
  amount: "25.00",
  first_name: "Ada",
  last_name: "Lovelace",
  shopper_email: "ada@example.com",
  notify_url: receiver.url,
  ...overrides,
})

describe("through the gateway client", () => {
  it("authorises, captures, refunds twice and finds the refunds", async () => {
    const result = await client.authorize({
      ...order(),
      ...card("4242424242424242"),
    })
    expect(result).toMatchObject({
      order_status: "1",
      card: "424242******4242",
      result: { code: "0000" },
    })
    const tx = {
      transaction_id: String(result.transaction_id),
      order_no: String(result.order_no),
      currency: "USD",
      amount: "25.00",
    }
    const captured = await client.capture([tx])
    expect(captured.ok).toBe(true)
    const refunds = await client.refund([
      { ...tx, refund_amount: "5.00", refund_reason: "one" },
      { ...tx, refund_amount: "20.01", refund_reason: "too much" },
    ])
    expect(refunds.entries[0]).toMatchObject({
      ok: true,
      refund_reference_id: `${tx.transaction_id}-01`,
    })
    expect(refunds.entries[1]).toMatchObject({
      ok: false,
      error: { code: "E0006" },
    })
    const [entry] = await client.retrieveTransactions({
      order_nos: [tx.order_no],
    })
    expect(entry).toMatchObject({ payment_status: "4100", query_result: "1" })
    const found = await client.retrieveRefunds({ order_nos: [tx.order_no] })
    expect(found.map((r) => r.refund_reference_id)).toEqual([
      `${tx.transaction_id}-01`,
    ])
    const byId = await client.retrieveTransactions({
      transaction_ids: [tx.transaction_id],
    })
    expect(byId[0].order_no).toBe(tx.order_no)
  })

  it("returns declines and risk outcomes as results, and refuses duplicates", async () => {
    const declined = await client.authorize({
      ...order(),
      ...card("4000000000009995"),
    })
    expect(declined).toMatchObject({
      order_status: "0",
      result: { code: "E0008" },
    })
    const rejected = await client.authorize({
      ...order(),
      ...card("4100000000000019"),
    })
    expect(rejected).toMatchObject({
      order_status: "0",
      risk_action: "REJECT",
      result: { code: "E0009" },
    })
    const held = await client.authorize({
      ...order(),
      ...card("4000000000000259"),
    })
    expect(held.order_status).toBe("-2")
    const tx = {
      transaction_id: String(held.transaction_id),
      order_no: String(held.order_no),
      currency: "USD",
      amount: "25.00",
    }
    const reviewed = await client.review([{ ...tx, review_flag: "1" }])
    expect(reviewed.ok).toBe(true)
    const canceled = await client.cancel([tx])
    expect(canceled.ok).toBe(true)
    const again = await client.cancel([tx])
    expect(again.entries[0]).toMatchObject({
      ok: false,
      error: { code: "E0005" },
    })
    const duplicate = await client.authorize({
      ...order({ order_no: held.order_no }),
      ...card("4242424242424242"),
    })
    expect(duplicate.result.code).toBe("I0061")
  })

  it("verifies a 3-D Secure result and the notifications the sandbox sends", async () => {
    const pending = await client.authorize({
      ...order({ open3d: "do3DS" }),
      ...card("4000002500003155"),
    })
    expect(pending.order_status).toBe("-1")
    const issuerUrl = String((pending as Record<string, unknown>).issuer_url)
    const opened = await post(
      issuerUrl,
      { return_url: "http://127.0.0.1:9/back" },
      "form"
    )
    const action = parse(opened.text)
      .querySelectorAll("form")[0]
      .getAttribute("action")
    const done = await post(
      `${sandbox.url}${action}`,
      { outcome: "pass" },
      "form"
    )
    const fields = Object.fromEntries(
      new URL(String(done.headers.get("location"))).searchParams
    )
    expect(client.verifyResult(fields)).toMatchObject({
      order_status: "1",
      threeds_result: "AUTHENTICATED",
    })
    expect(() => client.verifyResult({ ...fields, amount: "1.00" })).toThrow(
      /signature/
    )
    const note = await waitFor(() =>
      receiver.received.find(
        (r) =>
          r.fields.transaction_id === pending.transaction_id &&
          r.fields.notify_type === "PAYMENT"
      )
    )
    expect(client.verifyNotification(note.fields)).toMatchObject({
      notify_type: "PAYMENT",
      order_status: "1",
    })
  })

  it("keeps a card and pays with its token, both sides signing the empty card fields alike", async () => {
    const kept = await client.authorize({
      ...order(),
      ...card("4242424242424242"),
      token_flag: "YES",
    })
    expect(kept.order_status).toBe("1")
    const token = kept.token_id
    expect(token).toMatch(/^tok_[a-z]{32}$/)

    const attended = await client.authorize({
      ...order(),
      token_id: String(token),
      security_code: "123",
    })
    expect(attended).toMatchObject({
      order_status: "1",
      card: "424242******4242",
      token_id: undefined,
    })
    const unattended = await client.authorize({
      ...order(),
      token_id: String(token),
    })
    expect(unattended.order_status).toBe("1")

    const entries = await client.retrieveTransactions({
      transaction_ids: [String(kept.transaction_id)],
    })
    expect(entries[0].token_id).toBe(token)
    const note = await waitFor(() =>
      receiver.received.find(
        (r) =>
          r.fields.transaction_id === kept.transaction_id &&
          r.fields.notify_type === "PAYMENT"
      )
    )
    expect(client.verifyNotification(note.fields).token_id).toBe(token)

    expect(sandbox.lapseToken(String(token))).toBe(true)
    const lapsed = await client.authorize({
      ...order(),
      token_id: String(token),
    })
    expect(lapsed).toMatchObject({
      order_status: "0",
      result: { code: ERROR_CODE.STORED_CARD_NOT_FOUND },
    })
  })

  it("opens a hosted checkout whose page the client accepts", async () => {
    const page = await client.checkout(
      order({
        return_url: "http://127.0.0.1:9/return",
        cancel_url: "http://127.0.0.1:9/cancel",
      })
    )
    expect(page.form).toMatchObject({
      name: "theForm",
      action: `${sandbox.url}/checkout`,
    })
  })

  it("pays out, cancels a subscription and optimises", async () => {
    const paid = await client.payout({
      request_id: "7f0c2a8e-1b2c-4d3e-8f90-0123456789ab",
      payment_currency: "EUR",
      payment_amount: "555.00",
      beneficiary: { first_name: "Grace", last_name: "Hopper" },
    })
    expect(paid).toMatchObject({
      status: "PENDING",
      request_id: "7f0c2a8e-1b2c-4d3e-8f90-0123456789ab",
    })
    expect(sandbox.resolvePayout(String(paid.transaction_id), "FAILED")).toBe(
      true
    )

    const first = await client.authorize({
      ...order({ subscription: { contract_name: "box", interval: "month" } }),
      ...card("4242424242424242"),
    })
    const ended = await client.cancelSubscription({
      recurring_id: String(first.recurring_id),
      contract_name: "box",
    })
    expect(ended.return_status).toBe("1")

    const methods = await client.optimize({
      request_id: "r-1",
      currency: "USD",
      amount: "150.00",
      shopper_email: "a@b.c",
    })
    expect(methods.payment_methods.map((m) => m.payment_method)).toEqual([
      "CARD",
      "WALLET",
      "BANK_TRANSFER",
    ])
  })

  it("sends notifications the client verifies, whatever their type", async () => {
    await waitFor(() =>
      sandbox.notifications().every((n) => n.state !== "pending")
    )
    const payments = receiver.received.filter(
      (r) => r.fields.notify_type !== "PAYOUT"
    )
    const types = new Set(payments.map((r) => r.fields.notify_type))
    expect([...types].sort()).toEqual([
      "CANCEL",
      "CAPTURE",
      "PAYMENT",
      "REFUND",
      "REVIEW",
    ])
    for (const note of payments)
      expect(() => client.verifyNotification(note.fields)).not.toThrow()
    const held = payments.find(
      (r) =>
        r.fields.risk_action === "REVIEW" && r.fields.notify_type === "PAYMENT"
    )!
    expect(client.verifyNotification(held.fields).risk_reasons).toEqual([
      { name: "velocity_check", status: "REVIEW" },
    ])
  })

  it("reports the injected faults as the client's typed errors", async () => {
    sandbox.injectFault({ operation: "authorise", kind: "wrong_signature" })
    await expect(
      client.authorize({ ...order(), ...card("4242424242424242") })
    ).rejects.toMatchObject({ name: "SignatureMismatchError" })
    sandbox.injectFault({
      operation: "capture",
      kind: "http_500",
      after_processing: true,
    })
    await expect(
      client.capture([
        { transaction_id: "X", order_no: "", currency: "USD", amount: "1.00" },
      ])
    ).rejects.toMatchObject({
      name: "TransportError",
    })
    sandbox.injectFault({
      operation: "retrieval_trans",
      kind: "connection_reset",
    })
    await expect(
      client.retrieveTransactions({ order_nos: ["x"] })
    ).rejects.toMatchObject({ name: "TransportError" })
  })

  it("lets a look-up recover from one HTTP 500 by the client's own retry", async () => {
    const retrying = createAcquiringClient({
      base_url: sandbox.url,
      ...DEFAULT_SANDBOX_ACCOUNT,
      lookup_retries: 1,
      lookup_retry_delay_ms: 1,
    })
    sandbox.injectFault({ operation: "retrieval_trans", kind: "http_500" })
    const [entry] = await retrying.retrieveTransactions({
      order_nos: ["never-used"],
    })
    expect(entry.query_result).toBe("2")
    expect(
      sandbox
        .requests({ operation: "retrieval_trans" })
        .slice(-2)
        .map((r) => r.status)
    ).toEqual([500, 200])
  })

  it("surfaces the IP restriction as a refusal with E0007", async () => {
    const restricted = await startSandbox({ registered_ips: ["10.9.9.9"] })
    try {
      const other = createAcquiringClient({
        base_url: restricted.url,
        ...DEFAULT_SANDBOX_ACCOUNT,
        lookup_retries: 0,
      })
      await expect(
        other.retrieveTransactions({ order_nos: ["a"] })
      ).rejects.toMatchObject({ name: "GatewayRefusedError", code: "E0007" })
    } finally {
      await restricted.close()
    }
  })
})
