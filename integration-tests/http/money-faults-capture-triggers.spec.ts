/*
 * The fault matrix of money-faults.spec.ts for the captures the plugin
 * makes itself: on an account capturing on fulfilment or on shipment, the
 * capture that Medusa's fulfilment or shipment route sets off (a
 * subscriber, capture-when-due.ts) meets each fault of the service, before
 * or after it acted. The route answers 200 whatever the acquirer did; after
 * settlement (the reconcile job confirms a lost answer and captures again
 * when the acquirer did not act) the money is captured once on both sides,
 * and a lost answer was told in the admin's feed as being confirmed.
 */
import { randomBytes } from "node:crypto"
import { Modules } from "@medusajs/framework/utils"
import {
  acquiringSuite,
  CARD_PROVIDER,
  HOSTED_PROVIDER,
} from "../helpers/acquiring-suite"
import { adminPayment, placeDirectOrder } from "../helpers/checkout"
import {
  expectStatus,
  type HttpAnswer,
} from "../../dev/store-client/http-client"
import {
  CAPTURE_MADE,
  capturesOf,
  expectClearAnswer,
  faultMatrix,
  FAULTS,
  shortProviderTimeout,
  TIMEOUT_MS,
  TOTAL,
} from "../helpers/fault-matrix"
import {
  accountCapturingOn,
  fulfil,
  ship,
  triggerSubscribers,
  type CaptureTrigger,
} from "../helpers/fulfilment"
import { settle, type Money } from "../helpers/settlement"
import { CARDS } from "../helpers/test-cards"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(120_000))
shortProviderTimeout()
// The account saved in the admin says when to capture; its sign key is sealed under this key.
process.env.ACQUIRING_SETTINGS_KEY = randomBytes(32).toString("hex")

// Both triggers meet every fault: the whole file runs in about two minutes.
const TRIGGERS: CaptureTrigger[] = ["fulfilment", "shipment"]

/**
 * Fulfilment meets every fault. Shipment takes the same capture path from
 * another event, so it meets one fault of each kind: an answer lost after
 * the acquirer acted, one lost before it acted, and one that fails
 * verification.
 */
const SHIPMENT_FAULTS = [
  "latency past the time-out",
  "connection reset before processing",
  "wrong signature",
]
const faultsFor = (trigger: CaptureTrigger) =>
  trigger === "fulfilment"
    ? FAULTS
    : FAULTS.filter((fault) => SHIPMENT_FAULTS.includes(fault.name))

/** The whole 15.00 captured once, on both sides. */
const CAPTURED_ONCE: Money = {
  acquirer: { state: "captured", captured_amount: "15.00", refunds: [] },
  medusa: { captures: [TOTAL], refunds: [], canceled: false },
}

acquiringSuite((suite) => {
  const { sandbox, openShop } = suite
  const { inject, finished, faultedCallDone, money } = faultMatrix(suite)
  const thenSubscribersDone = triggerSubscribers(suite)

  /** The titles of the feed's capture notices of one order ("Capture failed", "Capture being confirmed"). */
  async function captureNotices(displayId: number): Promise<string[]> {
    const feed = await suite
      .container()
      .resolve(Modules.NOTIFICATION)
      .listNotifications({ channel: "feed" })
    return feed
      .map((n) => n.data as { title?: string; description?: string } | null)
      .filter(
        (data) =>
          !!data?.title?.startsWith("Capture") &&
          !!data.description?.startsWith(`Order #${displayId}:`)
      )
      .map((data) => String(data!.title))
  }

  /** Created whatever the acquirer did: never a server error, never card data. */
  function expectCreated(answer: HttpAnswer, step: string) {
    expectClearAnswer(answer, step)
    expect({ step, status: answer.status }).toEqual({ step, status: 200 })
    expect(answer.text).not.toContain(CARDS.approved)
  }

  it.each(TRIGGERS)(
    "runs the account capturing on %s with the short time-out",
    async (trigger) => {
      const config = suite.container().resolve("configModule") as any
      const providers = config.modules.payment.options.providers
      expect(providers.map((p: any) => p.options.timeout_ms)).toEqual([
        TIMEOUT_MS,
      ])
      const shop = await openShop()
      await accountCapturingOn(suite, shop, trigger)
      const settings = expectStatus(
        await shop.admin.get("/admin/acquiring/settings"),
        200,
        "settings"
      )
      // the account leaves the time-out to medusa-config, so the latency fault outlasts it
      expect(
        settings.providers.map((p: any) => ({
          id: p.id,
          timeout_ms: p.effective.timeout_ms,
          capture_on: p.effective.capture_on,
        }))
      ).toEqual(
        [CARD_PROVIDER, HOSTED_PROVIDER].map((id) => ({
          id,
          timeout_ms: { value: TIMEOUT_MS, source: "config" },
          capture_on: { value: trigger, source: "admin" },
        }))
      )
    }
  )

  for (const trigger of TRIGGERS)
    describe(`capture on ${trigger}`, () => {
      it.each(faultsFor(trigger))("$name", async (fault) => {
        const shop = await openShop()
        await accountCapturingOn(suite, shop, trigger)
        const { order } = await placeDirectOrder(shop)
        const payment = await adminPayment(shop, order.id)
        const transactionId = String(payment.data.transaction_id)
        const earlier = await finished("capture")
        await inject("capture", fault)

        const fulfilled = await thenSubscribersDone("fulfilment", () =>
          fulfil(shop, order.id)
        )
        expectCreated(fulfilled.answer, "create fulfilment")
        if (trigger === "shipment") {
          // The fulfilment alone is not the moment: nothing was sent.
          expect(
            (await capturesOf(sandbox, transactionId)).map((r) => r.summary)
          ).toEqual([])
          const shipped = await thenSubscribersDone("shipment", () =>
            ship(shop, order.id, fulfilled)
          )
          expectCreated(shipped, "create shipment")
        }
        await faultedCallDone("capture", earlier)

        await settle(suite)

        // Captured once on both sides, whichever way it went: a capture the
        // acquirer did not make is sent again by the job, one it made is recorded.
        expect(await money(shop, order.id, transactionId)).toEqual(
          CAPTURED_ONCE
        )
        // A lost answer is told once, as being confirmed: never as a failure to capture by hand.
        const notices = await captureNotices(order.display_id)
        expect(notices).not.toContain("Capture failed")
        if (!fault.acted) expect(notices).toEqual(["Capture being confirmed"])
        else expect(notices.length).toBeLessThanOrEqual(1)
        // a capture by hand now takes nothing more, on either side
        const again = await shop.admin.post(
          `/admin/payments/${payment.id}/capture`,
          {}
        )
        expectClearAnswer(again, "capture by hand after settlement")
        expect(await money(shop, order.id, transactionId)).toEqual(
          CAPTURED_ONCE
        )
        // One request made the capture: the lost one settled, never sent again.
        const sent = (await capturesOf(sandbox, transactionId)).map(
          (r) => r.summary
        )
        expect(sent).toHaveLength(fault.acted ? 1 : 2)
        expect(sent.filter((s) => CAPTURE_MADE.test(s))).toHaveLength(1)
      })
    })
})
