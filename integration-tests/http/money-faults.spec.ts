/*
 * The fault matrix of issue 7: each money operation (card authorisation,
 * typed or with a saved card's token, capture, partial capture, order cancel; refunds in
 * money-faults-refunds.spec.ts) meets each fault of the service, before or
 * after it acted. Whatever the answer, after settlement (the notifications
 * processed and one run of the reconcile job) Medusa and the acquirer agree
 * on every payment, nothing is captured twice, no authorisation stays live
 * without an order, and nobody gets a 500.
 */
import { randomUUID } from "node:crypto"
import {
  acquiringSuite,
  CARD_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import {
  acquiringPaymentDetail,
  adminOrder,
  adminPayment,
  cartWithSession,
  expectOrder,
  placeDirectOrder,
  submitCard,
} from "../helpers/checkout"
import {
  expectStatus,
  type HttpAnswer,
} from "../../dev/store-client/http-client"
import { customerToken, storeAs } from "../helpers/store-callers"
import {
  CAPTURE_MADE,
  capturesOf,
  expectClearAnswer,
  faultMatrix,
  FAULTS,
  PART,
  shortProviderTimeout,
  TIMEOUT_MS,
  TOTAL,
} from "../helpers/fault-matrix"
import { Client } from "pg"
import { runReconcileJob, settle, type Money } from "../helpers/settlement"
import { unsettledOperations } from "../helpers/money-invariants"
import { pendingDifference } from "../helpers/payment-links"
import {
  addOneItem,
  requestEdit,
  setFirstItemQuantity,
} from "../helpers/order-edits"
import { cardBody, CARDS } from "../helpers/test-cards"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(120_000))
shortProviderTimeout()

acquiringSuite((suite) => {
  const { sandbox, openShop } = suite
  const { inject, finished, faultedCallDone, money, authorizedOrder } =
    faultMatrix(suite)
  /** The capture's answer comes back after the provider gave up: the acquirer captured meanwhile. */
  const LATE = FAULTS.find((f) => f.kind === "latency")!

  // every lost answer's journal row is settled once its outcome is on the payment, whichever path learned it
  afterEach(async () => {
    expect(await unsettledOperations(suite.databaseUrl())).toEqual([])
  })

  it("runs the provider with the short time-out", () => {
    const config = suite.container().resolve("configModule") as any
    const providers = config.modules.payment.options.providers
    expect(providers.map((p: any) => p.options.timeout_ms)).toEqual([
      TIMEOUT_MS,
    ])
  })

  it("settles journal rows whose outcome reached the payment by another path (a notification, the job)", async () => {
    const { shop, payment } = await authorizedOrder()
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    // as a lost answer leaves them: the payment knows the outcome, the journal does not
    const journal = new Client({ connectionString: suite.databaseUrl() })
    await journal.connect()
    const rows = () =>
      journal
        .query(
          `SELECT kind, state, result_text FROM acquiring_operation ORDER BY created_at`
        )
        .then((r) => r.rows)
    try {
      await journal.query(
        `UPDATE acquiring_operation SET state = 'unknown', settled_at = NULL, result_text = NULL`
      )
      await runReconcileJob(suite.container(), suite.databaseUrl())
      expect(await rows()).toEqual([
        {
          kind: "authorise",
          state: "done",
          result_text: "the acquirer has it as captured",
        },
        {
          kind: "capture",
          state: "done",
          result_text: "the acquirer captured the payment",
        },
      ])
    } finally {
      await journal.end()
    }
  })

  /** How the shopper pays: a typed card, or a card saved on an earlier payment (its token). */
  const WAYS: {
    name: string
    payer(): Promise<{
      shop: Shop
      email?: string
      pay(sessionId: string): Promise<HttpAnswer>
    }>
  }[] = [
    {
      name: "authorise (card submit)",
      async payer() {
        const shop = await openShop()
        return {
          shop,
          pay: (sessionId) => submitCard(shop, sessionId, CARDS.approved),
        }
      },
    },
    {
      name: "authorise with a saved card (token payment)",
      async payer() {
        const shop = await openShop()
        const email = `saver-${randomUUID()}@example.test`
        const token = await customerToken(shop, suite.backendUrl, email)
        const own: Shop = {
          ...shop,
          store: storeAs(suite.backendUrl, shop.seeded.publishableKey, token),
        }
        const first = await cartWithSession(own, CARD_PROVIDER, { email })
        expectStatus(
          await own.store.post(
            `/store/acquiring/payment-sessions/${first.session.id}/card`,
            { ...cardBody(CARDS.approved), save_card: true }
          ),
          200,
          "first payment, card kept"
        )
        await expectOrder(own, first.cart.id)
        const [card] = expectStatus(
          await own.store.get("/store/acquiring/saved-cards"),
          200,
          "saved cards"
        ).saved_cards
        return {
          shop: own,
          email,
          pay: (sessionId) =>
            own.store.post(
              `/store/acquiring/payment-sessions/${sessionId}/card`,
              { saved_card: { id: card.id, security_code: "123" } }
            ),
        }
      },
    },
  ]

  for (const way of WAYS)
    describe(way.name, () => {
      it.each(FAULTS)("$name", async (fault) => {
        const { shop, email, pay } = await way.payer()
        const { cart, session } = await cartWithSession(shop, CARD_PROVIDER, {
          email,
        })
        const earlier = await finished("authorise")
        await inject("authorise", fault)

        const answer = await pay(session.id)
        expectClearAnswer(answer, "card submit")
        expect(answer.text).not.toContain(CARDS.approved)
        expect(answer.text).not.toContain("tok_")
        expect([200, 402, 409]).toContain(answer.status)
        if (answer.status === 409) {
          expect(answer.data).toMatchObject({
            type: "outcome_pending",
            message: expect.stringMatching(/confirm/i),
          })
        }
        await faultedCallDone("authorise", earlier)
        const sent = (await sandbox.requests("authorise")).slice(earlier)
        // The lost attempt is confirmed, never sent again.
        expect(sent).toHaveLength(1)
        const orderNo = String(sent[0].body.order_no)

        await settle(suite)

        if (!fault.acted) {
          expect(await sandbox.transactionByOrderNo(orderNo)).toBeUndefined()
          // Nothing was charged: the shopper can pay with the same session.
          expectStatus(
            await pay(session.id),
            200,
            "card submit after settlement"
          )
        }
        const order = await expectOrder(shop, cart.id)
        const payment = await adminPayment(shop, order.id)
        const transactionId = String(payment.data.transaction_id)
        expect(await money(shop, order.id, transactionId)).toEqual<Money>({
          acquirer: { state: "authorised", captured_amount: null, refunds: [] },
          medusa: { captures: [], refunds: [], canceled: false },
        })
        expect(Number(payment.amount)).toBe(TOTAL)
        // Every authorisation of this session is the order's: none left live beside it.
        const live = (await sandbox.requests("authorise"))
          .slice(earlier)
          .map((r) => String(r.body.order_no))
        for (const no of live) {
          const tx = await sandbox.transactionByOrderNo(no)
          if (tx && tx.transaction_id !== transactionId)
            expect({ order_no: no, state: tx.state }).toEqual({
              order_no: no,
              state: "voided",
            })
        }
      })
    })

  describe("capture (POST /admin/payments/:id/capture)", () => {
    it.each(FAULTS)("$name", async (fault) => {
      const { shop, order, payment, transactionId } = await authorizedOrder()
      const earlier = await finished("capture")
      await inject("capture", fault)

      const answer = await shop.admin.post(
        `/admin/payments/${payment.id}/capture`,
        {}
      )
      expectClearAnswer(answer, "capture")
      if (answer.status !== 200 && fault.acted)
        expect(answer.text).toMatch(/being confirmed/i)
      await faultedCallDone("capture", earlier)

      await settle(suite)

      expect(await money(shop, order.id, transactionId)).toEqual<Money>({
        acquirer: fault.acted
          ? { state: "captured", captured_amount: "15.00", refunds: [] }
          : { state: "authorised", captured_amount: null, refunds: [] },
        medusa: {
          captures: fault.acted ? [TOTAL] : [],
          refunds: [],
          canceled: false,
        },
      })
      if (!fault.acted) {
        expectStatus(
          await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
          200,
          "capture after settlement"
        )
      }
      // Captured once on both sides, whichever way it went.
      expect(await money(shop, order.id, transactionId)).toEqual<Money>({
        acquirer: { state: "captured", captured_amount: "15.00", refunds: [] },
        medusa: { captures: [TOTAL], refunds: [], canceled: false },
      })
    })
  })

  describe("partial capture (POST /admin/payments/:id/capture {amount: 10})", () => {
    it.each(FAULTS)("$name", async (fault) => {
      const { shop, order, payment, transactionId } = await authorizedOrder()
      const earlier = await finished("capture")
      await inject("capture", fault)

      const capture = () =>
        shop.admin.post(`/admin/payments/${payment.id}/capture`, {
          amount: PART,
        })
      const answer = await capture()
      expectClearAnswer(answer, "partial capture")
      if (answer.status !== 200 && fault.acted)
        expect(answer.text).toMatch(/being confirmed/i)
      await faultedCallDone("capture", earlier)

      await settle(suite)

      // a lost answer is settled at the amount journalled before the request left
      expect(await money(shop, order.id, transactionId)).toEqual<Money>({
        acquirer: fault.acted
          ? { state: "captured", captured_amount: "10.00", refunds: [] }
          : { state: "authorised", captured_amount: null, refunds: [] },
        medusa: {
          captures: fault.acted ? [PART] : [],
          refunds: [],
          canceled: false,
        },
      })
      if (!fault.acted)
        expectStatus(await capture(), 200, "partial capture after settlement")
      // Captured once, that part, on both sides, whichever way it went.
      expect(await money(shop, order.id, transactionId)).toEqual<Money>({
        acquirer: { state: "captured", captured_amount: "10.00", refunds: [] },
        medusa: { captures: [PART], refunds: [], canceled: false },
      })
    })
  })

  describe("order edit confirm (the authorisation captured before Medusa confirms)", () => {
    it.each(FAULTS)("$name", async (fault) => {
      const { shop, order, transactionId } = await authorizedOrder()
      await requestEdit(shop, order.id, addOneItem(shop, order.id))
      const earlier = await finished("capture")
      await inject("capture", fault)
      const confirm = () =>
        shop.admin.post(`/admin/order-edits/${order.id}/confirm`, {})
      const answer = await confirm()
      expectClearAnswer(answer, "edit confirm")
      expect([200, 409]).toContain(answer.status)
      await faultedCallDone("capture", earlier)

      await settle(suite)
      if (answer.status !== 200)
        expectStatus(await confirm(), 200, "confirm after settlement")

      // the authorisation captured once, never voided; the edit's 10.00 owed
      expect(await money(shop, order.id, transactionId)).toEqual<Money>({
        acquirer: { state: "captured", captured_amount: "15.00", refunds: [] },
        medusa: { captures: [TOTAL], refunds: [], canceled: false },
      })
      const made = (await capturesOf(sandbox, transactionId)).filter((r) =>
        CAPTURE_MADE.test(r.summary)
      )
      expect(made).toHaveLength(1)
      expect(await pendingDifference(shop, order.id)).toBe(10)
    })
  })

  it("a lowered edit whose capture's answer comes late waits for a confirm, which then goes through and agrees on both sides", async () => {
    // two items of 10.00 and 5.00 shipping: 25.00 authorised, lowered to 15.00
    const shop = await openShop()
    const { order, paid } = await placeDirectOrder(shop, { quantity: 2 })
    const transactionId = String(paid.data.transaction_id)
    await requestEdit(shop, order.id, setFirstItemQuantity(shop, order.id, 1))
    const earlier = await finished("capture")
    await inject("capture", LATE)
    const confirm = () =>
      shop.admin.post(`/admin/order-edits/${order.id}/confirm`, {})
    const refused = await confirm()
    expectClearAnswer(refused, "edit confirm")
    expect(refused.status).toBe(409)
    await faultedCallDone("capture", earlier)
    await settle(suite)

    // the acquirer captured 15.00 and released 10.00; Medusa recorded the capture, the edit still open
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      state: "captured",
      amount: "25.00",
      captured_amount: "15.00",
    })
    const payment = await adminPayment(shop, order.id)
    expect(await acquiringPaymentDetail(shop, payment.id)).toMatchObject({
      status: "captured",
      amount: "25.00",
      captured_amount: "15.00",
      released_amount: "10.00",
      order_change: {
        change_type: "edit",
        total_before: "25.00",
        total_after: "15.00",
      },
    })
    // Medusa's pending 10.00 is the old total's, already released: no link asks for it
    const links = expectStatus(
      await shop.admin.get(`/admin/acquiring/orders/${order.id}/payment-links`),
      200,
      "the order's links"
    )
    expect(links.outstanding).toEqual({ amount: "0.00", currency: "USD" })
    const link = await shop.admin.post(
      `/admin/acquiring/orders/${order.id}/payment-links`,
      {}
    )
    expect(link.status).toBe(409)
    expect(link.data.message).toMatch(/change waiting for its confirm/)

    expectStatus(await confirm(), 200, "confirm again")
    expect(await money(shop, order.id, transactionId)).toEqual<Money>({
      acquirer: { state: "captured", captured_amount: "15.00", refunds: [] },
      medusa: { captures: [15], refunds: [], canceled: false },
    })
    const made = (await capturesOf(sandbox, transactionId)).filter((r) =>
      CAPTURE_MADE.test(r.summary)
    )
    expect(made).toHaveLength(1)
    const books = await adminOrder(shop, order.id)
    expect({
      total: Number(books.total),
      payment_status: books.payment_status,
      collections: books.payment_collections.map((c: any) => ({
        status: c.status,
        amount: Number(c.amount),
      })),
    }).toEqual({
      total: 15,
      payment_status: "captured",
      collections: [{ status: "completed", amount: 15 }],
    })
    expect(await pendingDifference(shop, order.id)).toBe(0)
    expect(
      (await acquiringPaymentDetail(shop, payment.id)).order_change
    ).toBeNull()
  })

  describe("order cancel (POST /admin/orders/:id/cancel)", () => {
    it.each(FAULTS)("$name", async (fault) => {
      const { shop, order, payment, transactionId } = await authorizedOrder()
      const earlier = await finished("cancel")
      await inject("cancel", fault)

      const canceled = await shop.admin.post(
        `/admin/orders/${order.id}/cancel`,
        {}
      )
      expectClearAnswer(canceled, "order cancel")
      expect(canceled.status).toBe(200)

      // Before the void is confirmed the money of a cancelled order cannot be captured.
      const early = await shop.admin.post(
        `/admin/payments/${payment.id}/capture`,
        {}
      )
      expectClearAnswer(early, "capture of a cancelled order")
      expect(early.status).toBeGreaterThanOrEqual(400)
      expect(early.text).toMatch(/cancel/i)
      // Refused by the plugin itself: no capture of this payment reaches the acquirer.
      const captures = await capturesOf(sandbox, transactionId)
      expect(captures.map((r) => r.summary)).toEqual([])

      await faultedCallDone("cancel", earlier)
      await settle(suite)

      const { order: after } = expectStatus(
        await shop.admin.get(`/admin/orders/${order.id}?fields=id,status`),
        200,
        "order"
      )
      expect(after.status).toBe("canceled")
      expect(await money(shop, order.id, transactionId)).toEqual<Money>({
        acquirer: { state: "voided", captured_amount: null, refunds: [] },
        medusa: { captures: [], refunds: [], canceled: true },
      })
      const late = await shop.admin.post(
        `/admin/payments/${payment.id}/capture`,
        {}
      )
      expectClearAnswer(late, "capture after settlement")
      expect(late.status).toBeGreaterThanOrEqual(400)
    })
  })
})
