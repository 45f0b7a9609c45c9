import { randomBytes } from "node:crypto"
import { Modules } from "@medusajs/framework/utils"
import { acquiringSuite, type Shop } from "../helpers/acquiring-suite"
import { adminPayment, placeDirectOrder } from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import {
  accountCapturingOn,
  fulfil,
  ship,
  triggerSubscribers,
} from "../helpers/fulfilment"
import { expectStatus } from "../../dev/store-client/http-client"
import { editOrder, setFirstItemQuantity } from "../helpers/order-edits"
import { captureWhenDue } from "../../src/capture/capture-when-due"
import { runReconcileJob } from "../helpers/settlement"
import { CAPTURE_MADE, capturesOf } from "../helpers/fault-matrix"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(120_000))

process.env.ACQUIRING_TEST_EMPTY_OPTIONS = "1"
process.env.ACQUIRING_SETTINGS_KEY = randomBytes(32).toString("hex")

/**
 * Capture on fulfilment and on shipment, through Medusa's own fulfilment
 * and shipment routes: the account says when; the capture is the whole
 * authorised amount, made once; a capture whose answer is lost is told in
 * the admin's feed and made by the reconcile job, one the acquirer refuses
 * is told and left to the merchant.
 */
acquiringSuite((suite) => {
  const { sandbox, openShop, backendUrl, container, databaseUrl } = suite
  const thenSubscribersDone = triggerSubscribers(suite)
  const capturedAt = async (shop: Shop, orderId: string) =>
    (await adminPayment(shop, orderId)).captured_at ?? undefined

  it("captures the whole amount when the first fulfilment is created", async () => {
    const shop = await openShop()
    await accountCapturingOn({ sandbox, backendUrl }, shop, "fulfilment")
    const { order, paid } = await placeDirectOrder(shop, { quantity: 2 })
    expect(await capturedAt(shop, order.id)).toBeUndefined()

    await fulfil(shop, order.id)
    await eventually("the capture", () => capturedAt(shop, order.id))
    const payment = await adminPayment(shop, order.id)
    expect(payment.captures.map((c: any) => Number(c.amount))).toEqual([
      Number(payment.amount),
    ])
    const transaction = await sandbox.transaction(paid.data.transaction_id)
    expect(transaction.state).toBe("captured")
    expect(transaction.captured_amount).toBe(paid.data.amount)
    expect(await sandbox.requests("capture")).toHaveLength(1)
  })

  it("an order edited before its fulfilment was captured at the edit: the fulfilment captures nothing more", async () => {
    const shop = await openShop()
    await accountCapturingOn({ sandbox, backendUrl }, shop, "fulfilment")
    // 25.00 authorised, one item removed: the edit captures 15.00 and the rest is released
    const { order, paid } = await placeDirectOrder(shop, { quantity: 2 })
    expectStatus(
      await editOrder(shop, order.id, setFirstItemQuantity(shop, order.id, 1)),
      200,
      "confirm the edit"
    )
    const tx = paid.data.transaction_id
    expect((await sandbox.transaction(tx)).captured_amount).toBe("15.00")

    await thenSubscribersDone("fulfilment", () => fulfil(shop, order.id))
    const made = (await capturesOf(sandbox, tx)).filter((r) =>
      CAPTURE_MADE.test(r.summary)
    )
    expect(made).toHaveLength(1)
    expect(await capturesOf(sandbox, tx)).toHaveLength(1)
    const payment = await adminPayment(shop, order.id)
    expect(payment.captures.map((c: any) => Number(c.amount))).toEqual([15])
  })

  it("waits for the shipment when the account captures on shipment", async () => {
    const shop = await openShop()
    await accountCapturingOn({ sandbox, backendUrl }, shop, "shipment")
    const { order, paid } = await placeDirectOrder(shop)
    const fulfilled = await fulfil(shop, order.id)
    // what the fulfilment's subscriber runs: nothing is due yet
    await expect(
      captureWhenDue(container(), order.id, "fulfilment")
    ).resolves.toEqual([])
    expect(await capturedAt(shop, order.id)).toBeUndefined()

    await ship(shop, order.id, fulfilled)
    await eventually("the capture", () => capturedAt(shop, order.id))
    expect(
      (await sandbox.transaction(paid.data.transaction_id)).captured_amount
    ).toBe(paid.data.amount)
  })

  /** The feed's notices since `before`, once there are `count` of them. */
  async function feedSince(before: number, count = 1) {
    const notifications = container().resolve(Modules.NOTIFICATION)
    return eventually("the feed notice", async () => {
      const feed = await notifications.listNotifications({ channel: "feed" })
      return feed.length >= before + count
        ? feed.slice(before).map((n) => n.data)
        : undefined
    })
  }

  const feedLength = async () =>
    (
      await container()
        .resolve(Modules.NOTIFICATION)
        .listNotifications({ channel: "feed" })
    ).length

  it("tells the admin's feed when the capture's answer is lost, and the job captures it once", async () => {
    const shop = await openShop()
    await accountCapturingOn({ sandbox, backendUrl }, shop, "fulfilment")
    const { order, paid } = await placeDirectOrder(shop)
    const before = await feedLength()
    // the acquirer answers every capture with a server error before acting: the plugin cannot tell whether it acted
    await sandbox.injectFault({
      operation: "capture",
      kind: "http_500",
      count: 20,
    })
    await fulfil(shop, order.id)
    const [notice] = await feedSince(before)
    expect(notice).toEqual({
      title: "Capture being confirmed",
      description: `Order #${order.display_id}: its fulfilment was created and ${paid.data.amount} USD was due for capture, but the acquirer's answer to capturing it was lost. The reconcile job confirms it within 15 minutes and captures again if it was not made: nothing is captured twice.`,
    })
    expect(await capturedAt(shop, order.id)).toBeUndefined()

    await sandbox.clearFaults()
    await runReconcileJob(container(), databaseUrl())
    expect(await capturedAt(shop, order.id)).toBeDefined()
    const transaction = await sandbox.transaction(paid.data.transaction_id)
    expect(transaction).toMatchObject({
      state: "captured",
      captured_amount: paid.data.amount,
    })
    // told once; a second run captures nothing more
    await runReconcileJob(container(), databaseUrl())
    expect(await feedLength()).toBe(before + 1)
    const sent = (await capturesOf(sandbox, paid.data.transaction_id)).map(
      (r) => r.summary
    )
    expect(sent.filter((s) => CAPTURE_MADE.test(s))).toHaveLength(1)
    expect((await adminPayment(shop, order.id)).captures).toHaveLength(1)
  })

  it("tells the admin's feed when the acquirer refuses the capture, and does not retry it", async () => {
    const shop = await openShop()
    await accountCapturingOn({ sandbox, backendUrl }, shop, "fulfilment")
    const { order, paid } = await placeDirectOrder(shop)
    const before = await feedLength()
    // eight days old: the acquirer has released the authorisation and refuses its capture
    expect(
      (await sandbox.age(paid.data.transaction_id, 8)).payment_status
    ).toBe("1100")
    await fulfil(shop, order.id)
    const [notice] = await feedSince(before)
    expect(notice).toEqual({
      title: "Capture failed",
      description: expect.stringMatching(
        new RegExp(
          `^Order #${order.display_id}: its fulfilment was created and ${paid.data.amount.replace(".", "\\.")} USD was due for capture, but capturing it failed \\(.+\\)\\. Open the order: capture it by hand once the reason is dealt with, or send the customer a payment link if the authorisation is gone\\.$`
        )
      ),
    })
    const sent = (await sandbox.requests("capture")).length
    await runReconcileJob(container(), databaseUrl())
    expect((await sandbox.requests("capture")).length).toBe(sent)
    expect(await capturedAt(shop, order.id)).toBeUndefined()
  })
})
