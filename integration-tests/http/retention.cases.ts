/*
 * Retention on PostgreSQL (src/retention/retention.ts): the statements the
 * daily job runs, against rows written through the plugin's module and
 * backdated, as if the days had gone by. Expired shopper data of settled
 * payments is removed and their money record kept; a payment that may still
 * need it keeps it whole; history older than its period is deleted except a
 * disputed payment's; two workers at once do the work once.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { runRetention } from "../../src/retention/retention"
import type { AcquiringSuite } from "../helpers/acquiring-suite"

const PROVIDER = "pp_acquiring-card_acquiring"
const DAYS_AGO_EXPIRED = 200 // past the default 180 days of shopper data
const DAYS_AGO_RECENT = 10
const HISTORY_EXPIRED = 400 // past the default 365 days of history

type Module = {
  writeSessionState(id: string, data: Record<string, unknown>): Promise<void>
  readSessionStates(ids: string[]): Promise<Map<string, any>>
  createAcquiringOperations(row: Record<string, unknown>): Promise<any>
  createAcquiringChargebacks(row: Record<string, unknown>): Promise<any>
  createAcquiringPaymentEvents(row: Record<string, unknown>): Promise<any>
  countNotificationRefusal(row: Record<string, unknown>): Promise<any>
  listAcquiringNotificationRefusals(
    filter: Record<string, unknown>
  ): Promise<any[]>
  listAcquiringPaymentEvents(filter: Record<string, unknown>): Promise<any[]>
  listAcquiringChargebacks(filter: Record<string, unknown>): Promise<any[]>
  listAcquiringOperations(filter: Record<string, unknown>): Promise<any[]>
}

/** A payment's state with the shopper's data and its money record. */
function paymentState(
  key: string,
  {
    status = "captured",
    state = "captured",
  }: { status?: string; state?: string } = {}
) {
  const order_no = `RET${key}`
  return {
    session_id: `payses_${key}`,
    amount: "25.00",
    currency: "usd",
    status,
    attempts: [
      {
        order_no,
        kind: "authorise",
        state,
        at: "2025-01-02T10:00:00.000Z",
        authorized_at: "2025-01-02T10:00:01.000Z",
        transaction_id: `TX${key}`,
      },
    ],
    order_no,
    transaction_id: `TX${key}`,
    order_status: "1",
    result: { code: "0000", text: "Approved" },
    card_masked: "400000******0002",
    captured_amount: "20.00",
    refunds: [{ refund_reference_id: `RF${key}`, amount: "5.00" }],
    account: { id: null, mode: "test" },
    cart: {
      id: `cart_${key}`,
      email: `shopper-${key}@example.com`,
      currency_code: "usd",
      customer_phone: "+1 555 0100",
      totals: {
        total: "25",
        item_subtotal: "20",
        shipping_subtotal: "5",
        discount_subtotal: "0",
        tax_total: "0",
      },
      items: [
        {
          id: `item_${key}`,
          name: "Mug",
          unit_price: "20",
          quantity: 1,
        },
      ],
      shipping_address: {
        first_name: "Ada",
        last_name: "Lovelace",
        address_1: "12 Analytical Row",
        city: "London",
        postal_code: "N1 9GU",
        country_code: "gb",
        phone: "+44 20 7946 0000",
      },
    },
    client: {
      shopper_ip: "203.0.113.7",
      user_agent: "Mozilla/5.0 (X11; Linux x86_64) RetentionSpec",
      browser_lang: "en-GB",
    },
    device: { os: "Linux", browser: "Firefox", resolution: "1920x1080" },
  }
}

const SHOPPER_TRACES = [
  "@example.com",
  "203.0.113.7",
  "RetentionSpec",
  "Lovelace",
  "Analytical Row",
  "Firefox",
  "+1 555 0100",
]

const { cart: _c, client: _cl, device: _d, ...MONEY } = paymentState("x")
const MONEY_FIELDS = Object.keys(MONEY)

export function retentionCases(suite: AcquiringSuite): void {
  const { container } = suite
  const acquiring = () => container().resolve<Module>("acquiring")
  const pg = () => container().resolve(ContainerRegistrationKeys.PG_CONNECTION)

  /** Moves a row's time `days` into the past, as if they had gone by. */
  async function backdate(
    table:
      | "acquiring_session_state"
      | "acquiring_payment_event"
      | "acquiring_notification_refusal",
    column: "updated_at" | "created_at" | "hour",
    id: string,
    days: number
  ) {
    await pg().raw(
      `update "${table}" set "${column}" = now() - make_interval(days => ?) where "id" = ?`,
      [days, id]
    )
  }

  /** Writes a payment's state last written `days` ago; answers its session id. */
  async function stateWritten(
    data: ReturnType<typeof paymentState>,
    days: number
  ): Promise<string> {
    await acquiring().writeSessionState(data.session_id, data)
    await backdate(
      "acquiring_session_state",
      "updated_at",
      data.session_id,
      days
    )
    return data.session_id
  }

  async function stored(id: string): Promise<any> {
    return (await acquiring().readSessionStates([id])).get(id)
  }

  async function eventAged(
    row: Record<string, unknown>,
    days: number
  ): Promise<string> {
    const event = await acquiring().createAcquiringPaymentEvents({
      kind: "notification",
      outcome: "verified",
      summary: "Notification verified",
      ...row,
    })
    await backdate("acquiring_payment_event", "created_at", event.id, days)
    return event.id
  }

  /** A counter of refused notifications for an order number, its hour `days` ago; answers its id. */
  async function refusalsAged(orderNo: string, days: number): Promise<string> {
    await acquiring().countNotificationRefusal({
      provider_id: PROVIDER,
      reason: "bad_signature",
      order_no: orderNo,
    })
    const [counter] = await acquiring().listAcquiringNotificationRefusals({
      order_no: orderNo,
    })
    await backdate("acquiring_notification_refusal", "hour", counter.id, days)
    return counter.id
  }

  async function openChargeback(row: Record<string, unknown>) {
    return acquiring().createAcquiringChargebacks({
      reference: `CB-${Math.random().toString(16).slice(2)}`,
      provider_id: PROVIDER,
      currency: "usd",
      amount: "25.00",
      status: "OPEN",
      ...row,
    })
  }

  const eventIds = async (ids: string[]) =>
    (await acquiring().listAcquiringPaymentEvents({ id: ids })).map((e) => e.id)

  it("removes expired shopper data of settled payments, keeps the money record and whatever a payment may still need", async () => {
    const settled = paymentState("settled")
    const settledId = await stateWritten(settled, DAYS_AGO_EXPIRED)
    // expired, but its attempt's outcome is still unknown
    const unsettled = paymentState("unsettled", {
      status: "pending",
      state: "sent",
    })
    const unsettledId = await stateWritten(unsettled, DAYS_AGO_EXPIRED)
    // expired, but authorised and uncaptured: a lapse still needs it
    const authorized = paymentState("authorized", {
      status: "authorized",
      state: "authorized",
    })
    const authorizedId = await stateWritten(authorized, DAYS_AGO_EXPIRED)
    // expired, but a refund of it is journalled with its answer lost
    const journalled = paymentState("journalled")
    const journalledId = await stateWritten(journalled, DAYS_AGO_EXPIRED)
    await acquiring().createAcquiringOperations({
      provider_id: PROVIDER,
      kind: "refund",
      state: "unknown",
      order_no: journalled.order_no,
      amount: "5.00",
      currency: "usd",
    })
    // expired, but disputed: an OPEN chargeback names its order number
    const disputed = paymentState("disputed")
    const disputedId = await stateWritten(disputed, DAYS_AGO_EXPIRED)
    await openChargeback({ order_no: disputed.order_no })
    // settled, not expired yet
    const recent = paymentState("recent")
    const recentId = await stateWritten(recent, DAYS_AGO_RECENT)

    const outcome = await runRetention(container())
    expect(outcome).toEqual({
      policy: { shopper_data_days: 180, history_days: 365 },
      anonymised: 1,
      history_deleted: 0,
      refusals_deleted: 0,
      more_left: false,
    })

    const after = await stored(settledId)
    const text = JSON.stringify(after)
    for (const trace of SHOPPER_TRACES) expect(text).not.toContain(trace)
    expect(after.cart).toBeUndefined()
    expect(after.client).toBeUndefined()
    expect(after.device).toBeUndefined()
    expect(Date.parse(after.anonymised_at)).toBeGreaterThan(Date.now() - 60_000)
    for (const field of MONEY_FIELDS)
      expect(after[field]).toEqual((settled as any)[field])

    expect(await stored(unsettledId)).toEqual(unsettled)
    expect(await stored(authorizedId)).toEqual(authorized)
    expect(await stored(journalledId)).toEqual(journalled)
    expect(await stored(disputedId)).toEqual(disputed)
    expect(await stored(recentId)).toEqual(recent)

    // the journal and the chargeback stay as they were
    expect(
      await acquiring().listAcquiringOperations({
        order_no: journalled.order_no,
      })
    ).toHaveLength(1)
    expect(
      await acquiring().listAcquiringChargebacks({
        order_no: disputed.order_no,
      })
    ).toHaveLength(1)

    // nothing left to do: a second run changes nothing
    expect(await runRetention(container())).toMatchObject({
      anonymised: 0,
      history_deleted: 0,
    })
    expect(await stored(settledId)).toEqual(after)
  })

  it("deletes history older than its period except a disputed payment's", async () => {
    const old = await eventAged({ payment_id: "pay_ret_old" }, HISTORY_EXPIRED)
    const recent = await eventAged(
      { payment_id: "pay_ret_old" },
      DAYS_AGO_RECENT
    )
    await openChargeback({ order_no: "RETDISPUTE", payment_id: "pay_ret_cb" })
    const disputedByPayment = await eventAged(
      { payment_id: "pay_ret_cb", order_no: "RETOTHER" },
      HISTORY_EXPIRED
    )
    const disputedByOrder = await eventAged(
      { order_no: "RETDISPUTE", kind: "chargeback", outcome: "opened" },
      HISTORY_EXPIRED
    )
    // a decided chargeback no longer holds its payment's history
    await acquiring().createAcquiringChargebacks({
      reference: "CB-WON-RET",
      provider_id: PROVIDER,
      order_no: "RETWON",
      currency: "usd",
      amount: "25.00",
      status: "WON",
    })
    const decided = await eventAged({ order_no: "RETWON" }, HISTORY_EXPIRED)
    // counters of refused notifications go with the history's period
    const oldRefusals = await refusalsAged("RETREFUSED1", HISTORY_EXPIRED)
    const recentRefusals = await refusalsAged("RETREFUSED2", DAYS_AGO_RECENT)

    const outcome = await runRetention(container())
    expect(outcome).toMatchObject({
      anonymised: 0,
      history_deleted: 2,
      refusals_deleted: 1,
    })
    expect(
      (
        await acquiring().listAcquiringNotificationRefusals({
          id: [oldRefusals, recentRefusals],
        })
      ).map((c) => c.id)
    ).toEqual([recentRefusals])
    expect(
      (
        await eventIds([
          old,
          recent,
          disputedByPayment,
          disputedByOrder,
          decided,
        ])
      ).sort()
    ).toEqual([recent, disputedByPayment, disputedByOrder].sort())
  })

  it("does the work once when two workers run at the same time", async () => {
    const expired: string[] = []
    for (let i = 0; i < 23; i++)
      expired.push(
        await stateWritten(paymentState(`both${i}`), DAYS_AGO_EXPIRED)
      )
    const kept = paymentState("bothkept", {
      status: "pending",
      state: "unknown",
    })
    const keptId = await stateWritten(kept, DAYS_AGO_EXPIRED)
    const events: string[] = []
    for (let i = 0; i < 17; i++)
      events.push(
        await eventAged({ payment_id: `pay_ret_both${i}` }, HISTORY_EXPIRED)
      )

    // small batches, so the two runs interleave
    const [first, second] = await Promise.all([
      runRetention(container(), { batch_size: 3 }),
      runRetention(container(), { batch_size: 3 }),
    ])
    expect(first.anonymised + second.anonymised).toBe(23)
    expect(first.history_deleted + second.history_deleted).toBe(17)
    for (const id of expired) {
      const state = await stored(id)
      expect(state.cart).toBeUndefined()
      expect(state.client).toBeUndefined()
      expect(state.anonymised_at).toEqual(expect.any(String))
      expect(state.attempts).toHaveLength(1)
    }
    expect(await stored(keptId)).toEqual(kept)
    expect(await eventIds(events)).toEqual([])
  })
}
