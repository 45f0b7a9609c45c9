/**
 * Subscription deductions (wire contract DECISION) made on the control
 * surface, read back with the real gateway client: each try notified
 * RECURRING, signed with the result's values then recurring_id and
 * deduction_number (recomputed with node:crypto in the harness, never by
 * the sandbox's signer), answered by the status query under `-R<n>`.
 */
import {
  bench,
  cardOrder,
  control,
  expectRefusal,
  useChargebackBench,
} from "./__fixtures__/chargeback-bench"
import {
  expectedResultSignature,
  get,
  TEST_ACCOUNT,
} from "./__fixtures__/test-harness"

useChargebackBench()

const recurringSignature = (fields: Record<string, string>) =>
  expectedResultSignature(fields, ["recurring_id", "deduction_number"])

/** A first payment of 40.00 EUR that starts a monthly subscription of 12.50, at most `billing_cycle` deductions. */
async function subscribed(billing_cycle = 0) {
  const result = await bench.client.authorize({
    ...cardOrder("SUB", "40.00"),
    subscription: {
      contract_name: "Coffee box",
      contract_amount: "12.50",
      interval: "month",
      interval_count: "1",
      billing_cycle,
    },
  })
  expect(result.recurring_id).toMatch(/^RC/)
  return {
    order_no: String(result.order_no),
    recurring_id: String(result.recurring_id),
  }
}

const deduct = (recurringId: string, outcome?: string, afterDays?: unknown) =>
  control(`/subscriptions/${recurringId}/deductions`, {
    ...(outcome ? { outcome } : {}),
    ...(afterDays === undefined ? {} : { after_days: afterDays }),
  })

/** The RECURRING notification of that order number, try and result, once delivered. */
async function notified(orderNo: string, retry: string, result = "") {
  const post = await bench.receiver.arrival(
    (p) =>
      p.fields.notify_type === "RECURRING" &&
      p.fields.order_no === orderNo &&
      p.fields.retry_number === retry &&
      String(p.fields.result_info).startsWith(result)
  )
  return post.fields
}

describe("a subscription's deductions", () => {
  it("an approved deduction is a captured transaction of its own, notified RECURRING and signed with the recurring recipe", async () => {
    const first = await subscribed()
    const answer = await deduct(first.recurring_id)
    expect(answer.status).toBe(201)
    expect(answer.json().deduction).toMatchObject({
      deduction_number: 1,
      retry_number: 0,
      approved: true,
      order_no: `${first.order_no}-R1`,
      amount: "12.50",
      result_info: "0000:Success",
    })

    const fields = await notified(`${first.order_no}-R1`, "0")
    expect(fields).toMatchObject({
      merchant_id: TEST_ACCOUNT.merchant_id,
      account_id: TEST_ACCOUNT.account_id,
      currency: "EUR",
      amount: "12.50",
      order_status: "1",
      payment_status: "3000",
      result_info: "0000:Success",
      contract_name: "Coffee box",
      recurring_id: first.recurring_id,
      deduction_number: "1",
      retry_number: "0",
    })
    expect(fields.card).toBe("424242******4242")
    expect(fields.encryption_data).toBe(recurringSignature(fields))
    expect(fields.encryption_data).not.toBe(expectedResultSignature(fields))
    expect(bench.client.verifyNotification(fields)).toMatchObject({
      notify_type: "RECURRING",
      deduction_number: "1",
      retry_number: "0",
    })
    // relabelled as a payment, it no longer verifies
    expect(() =>
      bench.client.verifyNotification({ ...fields, notify_type: "PAYMENT" })
    ).toThrow()

    const [entry] = await bench.client.retrieveTransactions({
      order_nos: [`${first.order_no}-R1`],
    })
    expect(entry).toMatchObject({
      transaction_id: fields.transaction_id,
      amount: "12.50",
      payment_status: "3000",
    })

    expect((await deduct(first.recurring_id)).json().deduction).toMatchObject({
      deduction_number: 2,
      order_no: `${first.order_no}-R2`,
    })
  })

  it("a declined deduction is tried again under its number, and paid", async () => {
    const first = await subscribed()
    expect((await deduct(first.recurring_id, "declined")).status).toBe(201)
    const declined = await notified(`${first.order_no}-R1`, "0", "E0008")
    expect(declined).toMatchObject({ order_status: "0", deduction_number: "1" })
    expect(declined.encryption_data).toBe(recurringSignature(declined))

    expect(
      (await deduct(first.recurring_id, "approved")).json().deduction
    ).toMatchObject({
      deduction_number: 1,
      retry_number: 1,
      approved: true,
      order_no: `${first.order_no}-R1`,
    })
    const paid = await notified(`${first.order_no}-R1`, "1", "0000")
    expect(paid).toMatchObject({ order_status: "1", payment_status: "3000" })
    expect(paid.transaction_id).not.toBe(declined.transaction_id)
    // the order number answers for its latest try
    const [entry] = await bench.client.retrieveTransactions({
      order_nos: [`${first.order_no}-R1`],
    })
    expect(entry.transaction_id).toBe(paid.transaction_id)
  })

  it("a retry dated days after the declined try announces its next deduction from then", async () => {
    const first = await subscribed()
    await deduct(first.recurring_id, "declined")
    const declined = await notified(`${first.order_no}-R1`, "0", "E0008")
    expect((await deduct(first.recurring_id, "approved", 2)).status).toBe(201)
    const paid = await notified(`${first.order_no}-R1`, "1", "0000")
    // "YYYY-MM-DD HH:MM:SS" in UTC: two days and the seconds the calls took
    const at = (text: string) => Date.parse(`${text.replace(" ", "T")}Z`)
    const apart =
      at(paid.recurring_deduction_time) - at(declined.recurring_deduction_time)
    expect(apart).toBeGreaterThanOrEqual(2 * 86_400_000)
    expect(apart).toBeLessThan(2 * 86_400_000 + 60_000)
    for (const bad of [-1, 1.5, "2", 367])
      expectRefusal(
        await deduct(first.recurring_id, "approved", bad),
        400,
        "after_days"
      )
  })

  it("after its last declined try the subscription ends with E0013, and makes no more deductions", async () => {
    const first = await subscribed()
    for (const outcome of ["declined", "lapsed", "declined"])
      expect((await deduct(first.recurring_id, outcome)).status).toBe(201)
    expect(
      (await notified(`${first.order_no}-R1`, "1", "E0011")).order_status
    ).toBe("0")
    const ended = await notified(`${first.order_no}-R1`, "2", "E0013")
    expect(ended).toMatchObject({ order_status: "0", deduction_number: "1" })
    expect(bench.client.verifyNotification(ended).result).toMatchObject({
      code: "E0013",
    })

    expectRefusal(await deduct(first.recurring_id), 409, "recurring_id")
    const view = await get(
      `${bench.sandbox.url}/__sandbox/subscriptions/${first.recurring_id}`
    )
    expect(view.json().subscription).toMatchObject({
      status: "ended",
      deductions: [
        { deduction_number: 1, retry_number: 0, approved: false },
        { deduction_number: 1, retry_number: 1, approved: false },
        { deduction_number: 1, retry_number: 2, approved: false },
      ],
    })
  })

  it("stops at billing_cycle and after a cancel; refuses an unknown outcome by name", async () => {
    const capped = await subscribed(1)
    expect((await deduct(capped.recurring_id)).status).toBe(201)
    expectRefusal(await deduct(capped.recurring_id), 409, "recurring_id")

    const cancelled = await subscribed()
    await bench.client.cancelSubscription({
      recurring_id: cancelled.recurring_id,
      contract_name: "Coffee box",
    })
    expectRefusal(await deduct(cancelled.recurring_id), 409, "recurring_id")
    expectRefusal(await deduct(cancelled.recurring_id, "maybe"), 400, "outcome")
    expect((await deduct("RC-NONE")).status).toBe(404)
  })
})
