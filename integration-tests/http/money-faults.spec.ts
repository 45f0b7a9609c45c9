/*
 * The fault matrix of issue 7: each money operation (card authorisation,
 * capture, order cancel, refund) meets each fault of the service, before or
 * after it acted. Whatever the answer, after settlement (the notifications
 * processed and one run of the reconcile job) Medusa and the acquirer agree
 * on every payment, nothing is captured or refunded twice, no authorisation
 * stays live without an order, and nobody gets a 500.
 */
import {
  acquiringSuite,
  CARD_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import {
  adminPayment,
  cartWithSession,
  eventually,
  expectOrder,
  placeDirectOrder,
  submitCard,
} from "../helpers/checkout"
import {
  expectStatus,
  type HttpAnswer,
} from "../../dev/store-client/http-client"
import { moneyOf, settle, type Money } from "../helpers/settlement"
import { CARDS } from "../helpers/test-cards"

jest.setTimeout(120_000)

// Read by integration-tests/medusa-config.ts when the app boots (in the runner's beforeAll):
// the latency fault outlasts this time-out rather than the default 10 s.
const TIMEOUT_MS = 2_000
process.env.ACQUIRING_TEST_TIMEOUT_MS = String(TIMEOUT_MS)
const LATENCY_MS = 3_000

type FaultCase = {
  name: string
  kind: string
  after_processing?: boolean
  latency_ms?: number
  /** whether the service carried the operation out despite the fault */
  acted: boolean
}

const FAULTS: FaultCase[] = [
  {
    name: "latency past the time-out",
    kind: "latency",
    latency_ms: LATENCY_MS,
    acted: true,
  },
  {
    name: "connection reset before processing",
    kind: "connection_reset",
    acted: false,
  },
  {
    name: "connection reset after processing",
    kind: "connection_reset",
    after_processing: true,
    acted: true,
  },
  { name: "HTTP 500 before processing", kind: "http_500", acted: false },
  {
    name: "HTTP 500 after processing",
    kind: "http_500",
    after_processing: true,
    acted: true,
  },
  { name: "malformed body", kind: "malformed_body", acted: true },
  { name: "wrong signature", kind: "wrong_signature", acted: true },
]

/** The order total of one unit in the USD region: 10.00 + 5.00 shipping. */
const TOTAL = 15
const REFUND = 5
/** A partial capture: the acquirer captures this much and releases the rest. */
const PART = 10

/** Never a server error, never the XML parser or signature internals. */
function expectClearAnswer(answer: HttpAnswer, step: string): void {
  expect({ step, status: answer.status < 500 }).toEqual({ step, status: true })
  expect(answer.text).not.toMatch(
    /<\?xml|\bxml\b|close tag|non-whitespace|line: ?\d|column: ?\d|encryption_data|\bstack\b/i
  )
}

// faults racing the acquirer's notifications: Medusa's own 5 s webhook delay stays
acquiringSuite({ medusaWebhookDelay: true }, (suite) => {
  const { sandbox, openShop } = suite
  afterEach(() => sandbox.clearFaults())

  const inject = (operation: string, fault: FaultCase) =>
    sandbox.injectFault({
      operation,
      kind: fault.kind,
      after_processing: fault.after_processing ?? false,
      latency_ms: fault.latency_ms,
      count: 1,
    })

  /** How many calls of `operation` the sandbox has finished. */
  const finished = async (operation: string) =>
    (await sandbox.requests(operation)).length

  /** Waits until the sandbox finished the call the fault hit: a slow one ends after the plugin gave up. */
  const faultedCallDone = (operation: string, earlier: number) =>
    eventually(`the faulted ${operation} call`, async () =>
      (await sandbox.requests(operation)).slice(earlier).some((r) => r.fault)
        ? true
        : undefined
    )

  const money = (shop: Shop, orderId: string, transactionId: string) =>
    moneyOf(sandbox, shop, orderId, transactionId)

  /** A direct order whose 15.00 the acquirer authorised. */
  async function authorisedOrder() {
    const shop = await openShop()
    const { order } = await placeDirectOrder(shop)
    const payment = await adminPayment(shop, order.id)
    return {
      shop,
      order,
      payment,
      transactionId: String(payment.data.transaction_id),
    }
  }

  it("runs the provider with the short time-out", () => {
    const config = suite.container().resolve("configModule") as any
    const providers = config.modules.payment.options.providers
    expect(providers.map((p: any) => p.options.timeout_ms)).toEqual([
      TIMEOUT_MS,
    ])
  })

  describe("authorise (card submit)", () => {
    it.each(FAULTS)("$name", async (fault) => {
      const shop = await openShop()
      const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
      const earlier = await finished("authorise")
      await inject("authorise", fault)

      const answer = await submitCard(shop, session.id, CARDS.approved)
      expectClearAnswer(answer, "card submit")
      expect(answer.text).not.toContain(CARDS.approved)
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
          await submitCard(shop, session.id, CARDS.approved),
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
      const { shop, order, payment, transactionId } = await authorisedOrder()
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
      const { shop, order, payment, transactionId } = await authorisedOrder()
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

  describe("order cancel (POST /admin/orders/:id/cancel)", () => {
    it.each(FAULTS)("$name", async (fault) => {
      const { shop, order, payment, transactionId } = await authorisedOrder()
      const earlier = await finished("cancel")
      await inject("cancel", fault)

      const cancelled = await shop.admin.post(
        `/admin/orders/${order.id}/cancel`,
        {}
      )
      expectClearAnswer(cancelled, "order cancel")
      expect(cancelled.status).toBe(200)

      // Before the void is confirmed the money of a cancelled order cannot be captured.
      const early = await shop.admin.post(
        `/admin/payments/${payment.id}/capture`,
        {}
      )
      expectClearAnswer(early, "capture of a cancelled order")
      expect(early.status).toBeGreaterThanOrEqual(400)
      expect(early.text).toMatch(/cancel/i)
      // Refused by the plugin itself: no capture of this payment reaches the acquirer.
      const captures = (await sandbox.requests("capture")).filter((r) =>
        (r.body.capture_orders ?? []).some(
          (e: { transaction_id?: string }) => e.transaction_id === transactionId
        )
      )
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

  describe("refund (POST /admin/payments/:id/refund)", () => {
    it.each(FAULTS)("$name", async (fault) => {
      const { shop, order, payment, transactionId } = await authorisedOrder()
      expectStatus(
        await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
        200,
        "capture"
      )
      const earlier = await finished("refund")
      await inject("refund", fault)

      const refund = () =>
        shop.admin.post(`/admin/payments/${payment.id}/refund`, {
          amount: REFUND,
        })
      const first = await refund()
      expectClearAnswer(first, "refund")
      if (first.status !== 200 && fault.acted)
        expect(first.text).toMatch(/being confirmed/i)
      // The merchant retries once the acquirer is done with the first (the slow case: after it).
      await faultedCallDone("refund", earlier)
      if (first.status !== 200 && /being confirmed/i.test(first.text)) {
        // While the first refund is unsettled a second one is refused, not sent.
        const second = await refund()
        expectClearAnswer(second, "second refund")
        expect(second.status).toBeGreaterThanOrEqual(400)
        expect(second.text).toMatch(/refund/i)
        expect(second.text).toMatch(/confirm|unsettled|settled/i)
      }
      const refundsNow = (await sandbox.transaction(transactionId)).refunds
      expect(refundsNow.length).toBeLessThanOrEqual(1)

      await settle(suite)

      expect(await money(shop, order.id, transactionId)).toEqual<Money>({
        acquirer: {
          state: "captured",
          captured_amount: "15.00",
          refunds: fault.acted ? ["5.00"] : [],
        },
        medusa: {
          captures: [TOTAL],
          refunds: fault.acted ? [REFUND] : [],
          canceled: false,
        },
      })
      if (!fault.acted)
        expectStatus(await refund(), 200, "refund after settlement")
      // Refunded once on both sides, whichever way it went.
      expect(await money(shop, order.id, transactionId)).toEqual<Money>({
        acquirer: {
          state: "captured",
          captured_amount: "15.00",
          refunds: ["5.00"],
        },
        medusa: { captures: [TOTAL], refunds: [REFUND], canceled: false },
      })
    })
  })
})
