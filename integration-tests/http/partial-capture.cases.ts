/*
 * Partial captures: the acquirer captures exactly the amount Medusa
 * records, once (the wire contract: a capture below the authorised amount
 * captures that part and releases the rest). Refunds are then bounded by
 * what was captured, and Medusa's capturable amount agrees afterwards.
 */
import { expectStatus } from "../../dev/store-client/http-client"
import { type AcquiringSuite, type Shop } from "../helpers/acquiring-suite"
import { adminPayment, placeDirectOrder } from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import { ledgerOf, violations } from "../helpers/money-invariants"

export function partialCaptureCases(suite: AcquiringSuite): void {
  const { sandbox, openShop } = suite

  async function authorizedOrder() {
    const shop = await openShop()
    const { order } = await placeDirectOrder(shop)
    const payment = await adminPayment(shop, order.id)
    return { shop, order, payment, tx: String(payment.data.transaction_id) }
  }

  /**
   * The capture requests the sandbox received for one transaction, with
   * their amounts (matched by order number: the request log masks the
   * transaction id's digit run as it would a card number).
   */
  async function capturesSent(transactionId: string): Promise<string[]> {
    const { order_no } = await sandbox.transaction(transactionId)
    return (await sandbox.requests("capture")).flatMap((r) =>
      (r.body.capture_orders ?? [])
        .filter((e: any) => e.order_no === order_no)
        .map((e: any) => String(e.amount))
    )
  }

  const capture = (shop: Shop, paymentId: string, body: object) =>
    shop.admin.post(`/admin/payments/${paymentId}/capture`, body)

  it("captures less than authorised: that part at the acquirer, the rest released, and nothing more capturable", async () => {
    const { shop, order, payment, tx } = await authorizedOrder()
    expectStatus(
      await capture(shop, payment.id, { amount: 10 }),
      200,
      "capture 10"
    )
    expect(await capturesSent(tx)).toEqual(["10.00"])
    expect(await sandbox.transaction(tx)).toMatchObject({
      state: "captured",
      captured_amount: "10.00",
    })
    // Medusa marks the payment captured once the partial capture is recorded: nothing left to capture
    const captured = await eventually(
      "the payment marked captured",
      async () => {
        const p = await adminPayment(shop, order.id)
        return p.captured_at ? p : undefined
      }
    )
    expect(captured.captures.map((c: any) => Number(c.amount))).toEqual([10])
    // and records it at what was captured: its order's cards show nothing pending, nothing partial
    expect(Number(captured.amount)).toBe(10)
    // the collection is written just after the payment, by the same subscriber
    const books = await eventually("the order's books captured", async () => {
      const { order: read } = expectStatus(
        await shop.admin.get(
          `/admin/orders/${order.id}?fields=payment_status,payment_collections.amount,payment_collections.captured_amount`
        ),
        200,
        "order books"
      )
      return read.payment_status === "captured" ? read : undefined
    })
    expect(
      books.payment_collections.map((c: any) => [
        Number(c.amount),
        Number(c.captured_amount),
      ])
    ).toEqual([[10, 10]])

    const again = await capture(shop, payment.id, { amount: 5 })
    expect(again.status).toBe(400)
    expect(again.text).toMatch(/captured in part \(10\.00 of 15\.00 USD\)/)
    expect(await capturesSent(tx)).toEqual(["10.00"])
    expect(violations(await ledgerOf(sandbox, shop, order.id))).toEqual([])
  })

  it("a second capture asked before Medusa marked the first complete is refused by the provider, nothing sent", async () => {
    const { shop, payment, tx, order } = await authorizedOrder()
    // both at once: one waits for the other under the payment's lock, then finds it captured
    const [first, second] = await Promise.all([
      capture(shop, payment.id, { amount: 10 }),
      capture(shop, payment.id, { amount: 5 }),
    ])
    expect([first.status, second.status].sort()).toEqual([200, 400])
    expect((await capturesSent(tx)).length).toBe(1)
    const ledger = await ledgerOf(sandbox, shop, order.id)
    expect(violations(ledger)).toEqual([])
    expect(ledger.medusa.captured).toBe(ledger.acquirer.captured)
  })

  it("captures exactly the authorised amount as a whole capture", async () => {
    const { shop, order, payment, tx } = await authorizedOrder()
    expectStatus(
      await capture(shop, payment.id, { amount: 15 }),
      200,
      "capture 15"
    )
    expect(await capturesSent(tx)).toEqual(["15.00"])
    const after = await adminPayment(shop, order.id)
    expect(after.captured_at).not.toBeNull()
    expect(after.data.captured_amount).toBeUndefined()
  })

  it("refuses more than authorised before anything is sent", async () => {
    const { shop, payment, tx } = await authorizedOrder()
    const answer = await capture(shop, payment.id, { amount: 16 })
    expect(answer.status).toBe(400)
    expect(await capturesSent(tx)).toEqual([])
    expect((await sandbox.transaction(tx)).state).toBe("authorised")
  })

  it("refunds after a partial capture are bounded by what was captured, on both sides", async () => {
    const { shop, order, payment, tx } = await authorizedOrder()
    expectStatus(
      await capture(shop, payment.id, { amount: 10 }),
      200,
      "capture 10"
    )
    const refund = (amount: number) =>
      shop.admin.post(`/admin/payments/${payment.id}/refund`, { amount })
    expectStatus(await refund(6), 200, "refund 6")
    const over = await refund(5)
    expect(over.status).toBe(400)
    expectStatus(await refund(4), 200, "refund 4")
    expect(
      (await sandbox.transaction(tx)).refunds.map((r: any) => r.refund_amount)
    ).toEqual(["6.00", "4.00"])
    const ledger = await ledgerOf(sandbox, shop, order.id)
    expect(ledger.medusa).toMatchObject({
      captured: "10.00",
      refunded: "10.00",
    })
    expect(violations(ledger)).toEqual([])
  })

  it("a refund while the order has an order change in progress is refused before money moves, and goes through once it is cancelled", async () => {
    const { shop, order, payment, tx } = await authorizedOrder()
    expectStatus(await capture(shop, payment.id, {}), 200, "capture")
    expectStatus(
      await shop.admin.post(`/admin/order-edits`, { order_id: order.id }),
      200,
      "begin an order edit"
    )
    const refund = () =>
      shop.admin.post(`/admin/payments/${payment.id}/refund`, { amount: 5 })
    const refused = await refund()
    expect(refused.status).toBe(409)
    expect(refused.data.message).toMatch(/order change in progress/)
    expect(refused.data.message).toMatch(/nothing was refunded/)
    expect((await sandbox.transaction(tx)).refunds).toEqual([])

    expectStatus(
      await shop.admin.delete(`/admin/order-edits/${order.id}`),
      200,
      "cancel the order edit"
    )
    expectStatus(await refund(), 200, "refund after the edit")
    expect(violations(await ledgerOf(sandbox, shop, order.id))).toEqual([])
    expect(
      (await sandbox.transaction(tx)).refunds.map((r: any) => r.refund_amount)
    ).toEqual(["5.00"])
  })
}
