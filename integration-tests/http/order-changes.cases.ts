/*
 * An order changed after checkout, through Medusa's admin order-edit
 * routes, while its card payment is authorised and not captured. Medusa
 * 2.21 would void the authorisation and ask for the whole new total again;
 * the plugin captures what the changed order owes from it first, so the
 * authorisation is kept: a lower total is captured (the acquirer releases
 * the rest), a higher one captures the authorisation and leaves only the
 * difference owed. A captured payment's order changes as before.
 */
import type { AcquiringSuite, Shop } from "../helpers/acquiring-suite"
import {
  acquiringPaymentDetail,
  adminOrder,
  placeDirectOrder,
} from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import { expectStatus } from "../../dev/store-client/http-client"
import { createLink, pendingDifference } from "../helpers/payment-links"
import { notificationsProcessed } from "../helpers/settlement"
import { fulfil } from "../helpers/fulfilment"
import {
  addOneItem,
  editOrder,
  requestEdit,
  setFirstItemQuantity,
} from "../helpers/order-edits"
import { orderPaidByCustomer } from "../helpers/lapsed-payments"

export function orderChangesCases(suite: AcquiringSuite) {
  const { sandbox, openShop } = suite

  /** The order's payments and collections as Medusa keeps them, amounts as numbers. */
  async function medusaSide(shop: Shop, orderId: string) {
    const order = await adminOrder(shop, orderId)
    return {
      collections: order.payment_collections
        .map((c: any) => ({ status: c.status, amount: Number(c.amount) }))
        .sort((a: any, b: any) => b.amount - a.amount),
      payments: order.payment_collections
        .flatMap((c: any) => c.payments ?? [])
        .map((p: any) => ({
          amount: Number(p.amount),
          captures: (p.captures ?? []).map((c: any) => Number(c.amount)),
          canceled: p.canceled_at != null,
        })),
    }
  }

  /** A direct card order, its authorisation's notification dealt with first. */
  async function authorizedOrder(quantity: number) {
    const shop = await openShop()
    const placed = await placeDirectOrder(shop, { quantity })
    await notificationsProcessed(suite)
    const tx = String(placed.paid.data.transaction_id)
    expect((await sandbox.transaction(tx)).state).toBe("authorised")
    const voidsBefore = (await sandbox.requests("cancel")).length
    const voidsOf = async () =>
      (await sandbox.requests("cancel")).slice(voidsBefore)
    return { shop, order: placed.order, tx, voidsOf }
  }

  it("an edit that lowers the total keeps the authorisation: the new total is captured from it and the rest released, nothing voided", async () => {
    // two items of 10.00 and 5.00 shipping: 25.00 authorised
    const { shop, order, tx, voidsOf } = await authorizedOrder(2)
    const confirmed = await editOrder(
      shop,
      order.id,
      setFirstItemQuantity(shop, order.id, 1)
    )
    expectStatus(confirmed, 200, "confirm the edit")

    expect(await sandbox.transaction(tx)).toMatchObject({
      state: "captured",
      amount: "25.00",
      captured_amount: "15.00",
    })
    expect(await voidsOf()).toEqual([])
    // Medusa's records say what the acquirer did: the payment and its collection at the 15.00 captured
    expect(await medusaSide(shop, order.id)).toEqual({
      collections: [{ status: "completed", amount: 15 }],
      payments: [{ amount: 15, captures: [15], canceled: false }],
    })
    expect(await pendingDifference(shop, order.id)).toBe(0)
    // Medusa's figures and the acquirer's agree: what the order page's cards read (the dashboard's
    // getTotalPending and getTotalCaptured, the payment's status) holds nothing pending, nothing capturable
    const { order: books } = expectStatus(
      await shop.admin.get(
        `/admin/orders/${order.id}?fields=payment_status,payment_collections.amount,payment_collections.captured_amount,payment_collections.refunded_amount,payment_collections.status,payment_collections.payments.amount,payment_collections.payments.captured_at,payment_collections.payments.captures.amount`
      ),
      200,
      "order books"
    )
    expect(books.payment_status).toBe("captured")
    const [collection] = books.payment_collections
    const acquirer = await sandbox.transaction(tx)
    expect(Number(collection.captured_amount)).toBe(
      Number(acquirer.captured_amount)
    )
    expect(Number(collection.amount) - Number(collection.captured_amount)).toBe(
      0
    )
    const [medusaPayment] = collection.payments
    expect(medusaPayment.captured_at).not.toBeNull()
    const capturedByMedusa = medusaPayment.captures.reduce(
      (sum: number, c: any) => sum + Number(c.amount),
      0
    )
    expect(Number(medusaPayment.amount) - capturedByMedusa).toBe(0)
    // the acquirer captures once: a second capture is refused before anything is sent
    const [payment] = (await adminOrder(shop, order.id)).payment_collections[0]
      .payments
    const capturesBefore = (await sandbox.requests("capture")).length
    const again = await shop.admin.post(
      `/admin/payments/${payment.id}/capture`,
      {}
    )
    expect(again.status).toBe(400)
    expect((await sandbox.requests("capture")).length).toBe(capturesBefore)
    // the order widget says what was captured and what the acquirer released
    expect(await acquiringPaymentDetail(shop, payment.id)).toMatchObject({
      status: "captured",
      amount: "25.00",
      captured_amount: "15.00",
      released_amount: "10.00",
    })
  })

  it("an edit that raises the total keeps the authorisation: it is captured, and only the difference is owed, by payment link", async () => {
    const { shop, order, tx, voidsOf } = await authorizedOrder(1)
    const confirmed = await editOrder(
      shop,
      order.id,
      addOneItem(shop, order.id)
    )
    expectStatus(confirmed, 200, "confirm the edit")

    expect(await sandbox.transaction(tx)).toMatchObject({
      state: "captured",
      captured_amount: "15.00",
    })
    expect(await voidsOf()).toEqual([])
    expect(await medusaSide(shop, order.id)).toEqual({
      collections: [
        { status: "completed", amount: 15 },
        { status: "not_paid", amount: 10 },
      ],
      payments: [{ amount: 15, captures: [15], canceled: false }],
    })
    expect(await pendingDifference(shop, order.id)).toBe(10)
    const link = await createLink(shop, order.id)
    expect(link).toMatchObject({ amount: "10.00", currency: "USD" })
  })

  it("a confirm with no change open is Medusa's to refuse, and captures nothing", async () => {
    const { shop, order, tx, voidsOf } = await authorizedOrder(1)
    const capturesBefore = (await sandbox.requests("capture")).length
    const answer = await shop.admin.post(
      `/admin/order-edits/${order.id}/confirm`,
      {}
    )
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    expect((await sandbox.requests("capture")).length).toBe(capturesBefore)
    expect(await voidsOf()).toEqual([])
    expect((await sandbox.transaction(tx)).state).toBe("authorised")
  })

  it("an edit of an order whose payment is captured captures nothing more and owes the difference, as before", async () => {
    const { shop, order, tx, voidsOf } = await authorizedOrder(1)
    const [payment] = (await adminOrder(shop, order.id)).payment_collections[0]
      .payments
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    const capturesBefore = (await sandbox.requests("capture")).length
    const confirmed = await editOrder(
      shop,
      order.id,
      addOneItem(shop, order.id)
    )
    expectStatus(confirmed, 200, "confirm the edit")
    expect((await sandbox.requests("capture")).length).toBe(capturesBefore)
    expect(await voidsOf()).toEqual([])
    expect((await sandbox.transaction(tx)).captured_amount).toBe("15.00")
    expect(await pendingDifference(shop, order.id)).toBe(10)
  })

  it("an edit whose capture the acquirer refuses is not confirmed, and nothing is voided", async () => {
    const { shop, order, tx, voidsOf } = await authorizedOrder(1)
    await sandbox.injectFault({
      operation: "capture",
      kind: "http_500",
      count: 1,
    })
    const refused = await editOrder(shop, order.id, addOneItem(shop, order.id))
    expect(refused.status).toBe(409)
    expect(refused.data.message).toMatch(
      /was not confirmed: .*captures 15\.00 USD .*Nothing was voided/
    )
    expect((await sandbox.transaction(tx)).state).toBe("authorised")
    expect(await voidsOf()).toEqual([])
    expect(await medusaSide(shop, order.id)).toEqual({
      collections: [{ status: "authorized", amount: 15 }],
      payments: [{ amount: 15, captures: [], canceled: false }],
    })
    // the fault gone, the same confirm goes through and keeps the authorisation
    await sandbox.clearFaults()
    expectStatus(
      await shop.admin.post(`/admin/order-edits/${order.id}/confirm`, {}),
      200,
      "confirm again"
    )
    expect((await sandbox.transaction(tx)).captured_amount).toBe("15.00")
    expect(await pendingDifference(shop, order.id)).toBe(10)
  })

  it("an edit confirmed at the moment an admin captures: one capture, nothing voided, the difference owed", async () => {
    const { shop, order, tx, voidsOf } = await authorizedOrder(1)
    const [payment] = (await adminOrder(shop, order.id)).payment_collections[0]
      .payments
    const capturesBefore = (await sandbox.requests("capture")).length
    await requestEdit(shop, order.id, addOneItem(shop, order.id))
    const [confirmed, captured] = await Promise.all([
      shop.admin.post(`/admin/order-edits/${order.id}/confirm`, {}),
      shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
    ])
    // whichever came first, the edit is confirmed; the capture is made by one of them
    expect(confirmed.status).toBe(200)
    expect([200, 400]).toContain(captured.status)
    expect((await sandbox.requests("capture")).length - capturesBefore).toBe(1)
    expect(await voidsOf()).toEqual([])
    expect((await sandbox.transaction(tx)).captured_amount).toBe("15.00")
    expect(await medusaSide(shop, order.id)).toEqual({
      collections: [
        { status: "completed", amount: 15 },
        { status: "not_paid", amount: 10 },
      ],
      payments: [{ amount: 15, captures: [15], canceled: false }],
    })
    expect(await pendingDifference(shop, order.id)).toBe(10)
  })

  it("an exchange that raises the total keeps the authorisation as an edit does", async () => {
    const { shop, order, tx, voidsOf } = await authorizedOrder(1)
    // Medusa takes back only what was fulfilled
    await fulfil(shop, order.id)
    const { exchange } = expectStatus(
      await shop.admin.post("/admin/exchanges", { order_id: order.id }),
      200,
      "begin the exchange"
    )
    const [item] = (
      await shop.admin.get(`/admin/orders/${order.id}?fields=id,*items`)
    ).data.order.items
    expectStatus(
      await shop.admin.post(`/admin/exchanges/${exchange.id}/inbound/items`, {
        items: [{ id: item.id, quantity: 1 }],
      }),
      200,
      "the item coming back"
    )
    expectStatus(
      await shop.admin.post(`/admin/exchanges/${exchange.id}/outbound/items`, {
        items: [{ variant_id: shop.seeded.variantId, quantity: 2 }],
      }),
      200,
      "two items going out"
    )
    expectStatus(
      await shop.admin.post(`/admin/exchanges/${exchange.id}/request`, {}),
      200,
      "confirm the exchange"
    )
    expect(await voidsOf()).toEqual([])
    expect((await sandbox.transaction(tx)).captured_amount).toBe("15.00")
    const side = await medusaSide(shop, order.id)
    expect(side.payments).toEqual([
      { amount: 15, captures: [15], canceled: false },
    ])
    expect(side.collections).not.toContainEqual(
      expect.objectContaining({ status: "canceled" })
    )
    // Medusa credits the item coming back once it is received: until then the two going out are owed
    expect(await pendingDifference(shop, order.id)).toBe(20)
  })

  it("with the customer's saved card, what a raised total owes is authorised from the admin without asking the customer", async () => {
    const { shop, order, tx } = await orderPaidByCustomer(
      suite,
      "order-change-keeper@example.test",
      true
    )
    await notificationsProcessed(suite)
    const confirmed = await editOrder(
      shop,
      order.id,
      addOneItem(shop, order.id)
    )
    expectStatus(confirmed, 200, "confirm the edit")
    expect((await sandbox.transaction(tx)).captured_amount).toBe("15.00")
    const [payment] = (await adminOrder(shop, order.id)).payment_collections
      .flatMap((c: any) => c.payments ?? [])
      .filter((p: any) => p.amount === 15)
    expect(await acquiringPaymentDetail(shop, payment.id)).toMatchObject({
      status: "captured",
      reauthorisable: true,
      reauthorisation: { amount: "10.00", currency: "USD" },
    })
    const before = (await sandbox.requests("authorise")).length
    expectStatus(
      await shop.admin.post(
        `/admin/acquiring/payments/${payment.id}/reauthorise`,
        {}
      ),
      200,
      "authorise what is owed"
    )
    const [sent] = (await sandbox.requests("authorise")).slice(before)
    expect(sent.body).toMatchObject({ amount: "10.00", card: "" })
    const fresh = await eventually("the new payment on the order", async () => {
      const payments = (
        await adminOrder(shop, order.id)
      ).payment_collections.flatMap((c: any) => c.payments ?? [])
      return payments.length === 2 ? payments : undefined
    })
    expect(fresh.map((p: any) => Number(p.amount)).sort()).toEqual([10, 15])
  })
}
