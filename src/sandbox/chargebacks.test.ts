/**
 * Chargebacks (wire contract DECISION) through the control surface, read
 * back with the real gateway client: its status query, its refunds and its
 * verifyNotification. Expected signatures come from the client or from
 * node:crypto over the literal recipe, never from the sandbox's signer.
 */
import {
  chargebackSignature,
  control,
  entryOf,
  expectRefusal,
  notified,
  opened,
  paid,
  refundOf,
  useChargebackBench,
} from "./__fixtures__/chargeback-bench"
import {
  expectedResultSignature,
  get,
  TEST_ACCOUNT,
} from "./__fixtures__/test-harness"

const bench = useChargebackBench()

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
    expect(bench.client.verifyNotification(fields)).toMatchObject({
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
      `${bench.sandbox.url}/__sandbox/chargebacks?transaction_id=${tx.transaction_id}`
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
    bench.setNow(new Date("2026-11-25T12:00:00Z"))
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
    expect(bench.client.verifyNotification(fields).chargeback_status).toBe(
      "WON"
    )
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
    expect(bench.client.verifyNotification(fields).chargeback_status).toBe(
      "LOST"
    )
    expect((await entryOf(tx)).payment_status).toBe("5100")
    const view = await get(
      `${bench.sandbox.url}/__sandbox/transactions/${tx.transaction_id}`
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
