import { randomBytes } from "node:crypto"
import { sandboxAccountBody } from "../helpers/sandbox-account"
import { Modules } from "@medusajs/framework/utils"
import { acquiringSuite, type Shop } from "../helpers/acquiring-suite"
import { adminPayment, eventually, placeDirectOrder } from "../helpers/checkout"
import { expectStatus } from "../../dev/store-client/http-client"
import { captureWhenDue } from "../../src/medusa-payments/capture-when-due"

jest.setTimeout(120_000)

process.env.ACQUIRING_TEST_EMPTY_OPTIONS = "1"
process.env.ACQUIRING_SETTINGS_KEY = randomBytes(32).toString("hex")

const SETTINGS = "/admin/acquiring/settings"

/**
 * Capture on fulfilment and on shipment, through Medusa's own fulfilment
 * and shipment routes: the account says when; the capture is the whole
 * authorised amount, made once; a capture that fails reaches the admin's
 * feed and leaves the payment capturable by hand.
 */
acquiringSuite(({ sandbox, openShop, backendUrl, container }) => {
  async function accountCapturingOn(shop: Shop, captureOn: string) {
    const existing = (await shop.admin.get(SETTINGS)).data.accounts
    for (const account of existing)
      await shop.admin.delete(`${SETTINGS}/accounts/${account.id}`)
    expectStatus(
      await shop.admin.post(
        `${SETTINGS}/accounts`,
        sandboxAccountBody(sandbox, backendUrl, { capture_on: captureOn })
      ),
      200,
      "account"
    )
  }

  async function fulfil(shop: Shop, orderId: string) {
    const { order } = expectStatus(
      await shop.admin.get(`/admin/orders/${orderId}?fields=id,*items`),
      200,
      "order items"
    )
    const items = order.items.map((item: any) => ({
      id: item.id,
      quantity: item.quantity,
    }))
    expectStatus(
      await shop.admin.post(`/admin/orders/${orderId}/fulfillments`, {
        items,
      }),
      200,
      "create fulfilment"
    )
    const { order: after } = expectStatus(
      await shop.admin.get(`/admin/orders/${orderId}?fields=id,*fulfillments`),
      200,
      "order fulfilments"
    )
    return { items, fulfillment: after.fulfillments[0] }
  }

  const capturedAt = async (shop: Shop, orderId: string) =>
    (await adminPayment(shop, orderId)).captured_at ?? undefined

  it("captures the whole amount when the first fulfilment is created", async () => {
    const shop = await openShop()
    await accountCapturingOn(shop, "fulfilment")
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

  it("waits for the shipment when the account captures on shipment", async () => {
    const shop = await openShop()
    await accountCapturingOn(shop, "shipment")
    const { order, paid } = await placeDirectOrder(shop)
    const { items, fulfillment } = await fulfil(shop, order.id)
    // what the fulfilment's subscriber runs: nothing is due yet
    await expect(
      captureWhenDue(container(), order.id, "fulfilment")
    ).resolves.toEqual([])
    expect(await capturedAt(shop, order.id)).toBeUndefined()

    expectStatus(
      await shop.admin.post(
        `/admin/orders/${order.id}/fulfillments/${fulfillment.id}/shipments`,
        { items }
      ),
      200,
      "ship"
    )
    await eventually("the capture", () => capturedAt(shop, order.id))
    expect(
      (await sandbox.transaction(paid.data.transaction_id)).captured_amount
    ).toBe(paid.data.amount)
  })

  it("tells the admin's feed when the capture fails, and leaves it to capture by hand", async () => {
    const shop = await openShop()
    await accountCapturingOn(shop, "fulfilment")
    const { order, paid } = await placeDirectOrder(shop)
    const notifications = container().resolve(Modules.NOTIFICATION)
    const before = (await notifications.listNotifications({ channel: "feed" }))
      .length
    // the acquirer answers every capture with a server error before acting
    await sandbox.injectFault({
      operation: "capture",
      kind: "http_500",
      count: 20,
    })
    await fulfil(shop, order.id)
    const [notice] = await eventually("the feed notice", async () => {
      const feed = await notifications.listNotifications({ channel: "feed" })
      return feed.length > before ? feed.slice(before) : undefined
    })
    expect(notice.data).toEqual({
      title: "Capture failed",
      description: expect.stringMatching(
        new RegExp(
          `^Order #${order.display_id}: its fulfilment was created, but capturing ${paid.data.amount.replace(".", "\\.")} USD failed .*Capture it from the order page\\.$`
        )
      ),
    })
    expect(await capturedAt(shop, order.id)).toBeUndefined()

    await sandbox.clearFaults()
    const payment = await adminPayment(shop, order.id)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture by hand"
    )
    expect(
      (await sandbox.transaction(paid.data.transaction_id)).captured_amount
    ).toBe(paid.data.amount)
  })
})
