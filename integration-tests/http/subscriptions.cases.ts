/*
 * Subscriptions: the storefront's subscription object travels with the first
 * payment, the acquirer's answer (recurring id, contract, period, next
 * deduction) is kept on the payment, and the merchant cancels it from the
 * admin: lost, failed and forged answers change nothing in Medusa, asking
 * again is harmless, the outcome is recorded on the payment and the order.
 */
import {
  type AcquiringSuite,
  CARD_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import { adminPayment, expectOrder, submitCard } from "../helpers/checkout"
import { expectStatus, httpClient } from "../../dev/store-client/http-client"
import {
  createReadyCart,
  openPaymentSession,
  SHOPPER_DEVICE,
} from "../../dev/store-client/storefront"
import { CARDS } from "../helpers/test-cards"
import { notificationsProcessed } from "../helpers/settlement"

const SUBSCRIPTION = {
  contract_name: "Coffee club",
  contract: "monthly beans",
  contract_amount: "15.00",
  interval: "month",
  interval_count: "1",
  billing_cycle: 12,
}

async function subscribe(shop: Shop, subscription: unknown = SUBSCRIPTION) {
  const cart = await createReadyCart(shop.store, shop.seeded)
  const { session, answer } = await openPaymentSession(
    shop.store,
    cart.id,
    CARD_PROVIDER,
    { device: SHOPPER_DEVICE, subscription }
  )
  return { cart, session, answer }
}

async function subscribedOrder(shop: Shop) {
  const { cart, session, answer } = await subscribe(shop)
  expectStatus(answer, 200, "payment session with a subscription")
  expectStatus(
    await submitCard(shop, session.id, CARDS.approved),
    200,
    "submit card"
  )
  const order = await expectOrder(shop, cart.id)
  return { order, payment: await adminPayment(shop, order.id) }
}

export function subscriptionsCases(suite: AcquiringSuite): void {
  const { sandbox, openShop } = suite
  const cancel = (shop: Shop, paymentId: string) =>
    shop.admin.post(
      `/admin/acquiring/payments/${paymentId}/cancel-subscription`,
      {}
    )
  const cancelRequests = async () =>
    (await sandbox.requests("cancel_subscription")).length

  it("keeps the subscription on the payment; a failed answer changes nothing, cancelling works once and a repeat is harmless", async () => {
    const shop = await openShop()
    const { order, payment } = await subscribedOrder(shop)
    const transactionId = String(payment.data.transaction_id)
    const atAcquirer = async () =>
      (await sandbox.transaction(transactionId)).subscription

    // what the acquirer answered is kept with the payment, and no card data
    const started = await atAcquirer()
    expect(started).toMatchObject({
      contract_name: "Coffee club",
      recurring_deduction_period: "1 month",
      cancelled: false,
    })
    expect(payment.data.subscription).toEqual({
      order: SUBSCRIPTION,
      recurring_id: started.recurring_id,
      contract_name: "Coffee club",
      deduction_period: "1 month",
      deduction_time: started.recurring_deduction_time,
    })
    expect(payment.data.subscription.deduction_time).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
    )
    expect(JSON.stringify(payment.data)).not.toContain(CARDS.approved)
    // the storefront sent it with the order
    const [authorise] = await sandbox.requests("authorise")
    expect(JSON.stringify(authorise)).not.toContain(CARDS.approved)

    // the acquirer fails before acting: unknown, nothing changed anywhere
    await sandbox.injectFault({
      operation: "cancel_subscription",
      kind: "http_500",
    })
    const failed = expectStatus(
      await cancel(shop, payment.id),
      200,
      "cancel (failed answer)"
    ).subscription_cancellation
    expect(failed).toMatchObject({ outcome: "unknown", repeated: false })
    expect(failed.subscription.cancellation.state).toBe("unknown")
    expect((await atAcquirer()).cancelled).toBe(false)

    // asked again: cancelled at the acquirer, recorded on the payment and the order
    const done = expectStatus(
      await cancel(shop, payment.id),
      200,
      "cancel"
    ).subscription_cancellation
    expect(done).toMatchObject({
      outcome: "cancelled",
      repeated: false,
      order_id: order.id,
    })
    expect(done.message).toContain("0000")
    expect((await atAcquirer()).cancelled).toBe(true)
    const after = await adminPayment(shop, order.id)
    expect(after.data.subscription.cancellation).toMatchObject({
      state: "cancelled",
      result: { code: "0000" },
    })
    const { order: adminOrder } = expectStatus(
      await shop.admin.get(`/admin/orders/${order.id}?fields=id,metadata`),
      200,
      "admin order"
    )
    expect(adminOrder.metadata.acquiring_subscription).toMatchObject({
      payment_id: payment.id,
      recurring_id: started.recurring_id,
      cancellation: "cancelled",
      result: expect.stringMatching(/^0000:/),
    })

    // a repeat sends nothing and says so
    const sent = await cancelRequests()
    const repeat = expectStatus(
      await cancel(shop, payment.id),
      200,
      "cancel again"
    ).subscription_cancellation
    expect(repeat).toMatchObject({ outcome: "cancelled", repeated: true })
    expect(await cancelRequests()).toBe(sent)
  })

  it("the acquirer's deductions are verified and kept in the first payment's history, refused by no one and making no order; a forged one is refused", async () => {
    const shop = await openShop()
    const { order, payment } = await subscribedOrder(shop)
    const transactionId = String(payment.data.transaction_id)
    const { recurring_id, order_no } = {
      ...(await sandbox.transaction(transactionId)).subscription,
      order_no: (await sandbox.transaction(transactionId)).order_no,
    }
    const ordersOfShop = async () =>
      expectStatus(
        await shop.admin.get("/admin/orders?fields=id&limit=1"),
        200,
        "orders"
      ).count
    const ordersBefore = await ordersOfShop()
    const historyEntries = async () =>
      expectStatus(
        await shop.admin.get(`/admin/acquiring/payments/${payment.id}/history`),
        200,
        "history"
      ).entries as { source: string; outcome: string; summary: string }[]

    const first = await sandbox.deduct(recurring_id)
    expect(first).toMatchObject({ order_no: `${order_no}-R1`, amount: "15.00" })
    await notificationsProcessed(suite)
    await sandbox.deduct(recurring_id, "declined")
    await notificationsProcessed(suite)

    const deductions = (await historyEntries()).filter((e) =>
      e.summary.startsWith("RECURRING notification")
    )
    // one entry per notification (Medusa's handler and the plugin's both see each)
    expect(deductions.map((e) => [e.outcome, e.summary])).toEqual([
      [
        "verified",
        `RECURRING notification verified: deduction 1 of subscription ${recurring_id} paid 15.00 USD as ${order_no}-R1; the acquirer made it, and no Medusa order is made for it`,
      ],
      [
        "verified",
        `RECURRING notification verified: deduction 2 of subscription ${recurring_id} declined (E0008:Declined by issuer) as ${order_no}-R2; the acquirer made it, and no Medusa order is made for it`,
      ],
    ])
    expect(await ordersOfShop()).toBe(ordersBefore)
    expect(
      (await historyEntries()).filter((e) => e.outcome === "refused")
    ).toEqual([])
    // the first payment's money is as it was
    expect((await adminPayment(shop, order.id)).amount).toBe(payment.amount)

    // the same deduction with its amount changed: refused at the door and counted, nothing kept
    const [sent] = (await sandbox.allNotifications()).filter(
      (n) => n.notify_type === "RECURRING"
    )
    const answer = await fetch(sent.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...sent.fields, amount: "1500.00" }),
    })
    expect(answer.status).toBe(200)
    const refused = (await historyEntries()).filter(
      (e) => e.outcome === "refused"
    )
    expect(refused).toHaveLength(1)
    expect(refused[0].summary).toMatch(
      /^1 notification refused in the hour .*: bad signature; nothing changed$/
    )
  })

  it("a forged answer is not believed; validation and admin auth", async () => {
    const shop = await openShop()
    const { payment, order } = await subscribedOrder(shop)
    const transactionId = String(payment.data.transaction_id)

    // the acquirer acts but its answer's signature is wrong: Medusa does not take it as cancelled
    await sandbox.injectFault({
      operation: "cancel_subscription",
      kind: "wrong_signature",
    })
    const forged = expectStatus(
      await cancel(shop, payment.id),
      200,
      "cancel (forged answer)"
    ).subscription_cancellation
    expect(forged.outcome).toBe("unknown")
    expect(
      (await adminPayment(shop, order.id)).data.subscription.cancellation
    ).toMatchObject({ state: "unknown" })
    expect(
      (await sandbox.transaction(transactionId)).subscription.cancelled
    ).toBe(true)
    // asking again is safe: the acquirer says it is no longer active, which confirms it
    const confirmed = expectStatus(
      await cancel(shop, payment.id),
      200,
      "cancel after the forged answer"
    ).subscription_cancellation
    expect(confirmed).toMatchObject({ outcome: "cancelled", repeated: false })
    expect(confirmed.subscription.cancellation.result.code).toBe("E0005")

    // the storefront's object is validated, naming the field
    const invalid = await subscribe(shop, {
      ...SUBSCRIPTION,
      interval: "fortnight",
    })
    expect(invalid.answer.status).toBe(400)
    expect(invalid.answer.data.issues[0].field).toBe(
      "data.subscription.interval"
    )
    const unknownKey = await subscribe(shop, {
      ...SUBSCRIPTION,
      note: "monthly",
    })
    expect(unknownKey.answer.status).toBe(400)
    expect(unknownKey.answer.data.issues[0].field).toBe("data.subscription")
    // a card in it is refused before Medusa's validators see it, by its field
    const withCard = await subscribe(shop, {
      ...SUBSCRIPTION,
      card: CARDS.approved,
    })
    expect(withCard.answer.status).toBe(400)
    expect(withCard.answer.data.issues[0].field).toBe("data.subscription.card")
    expect(JSON.stringify(withCard.answer.data)).not.toContain(CARDS.approved)

    // a body with unknown fields, no admin (a payment without subscription: the unit tests)
    const extra = await shop.admin.post(
      `/admin/acquiring/payments/${payment.id}/cancel-subscription`,
      { recurring_id: "RC1" }
    )
    expect(extra.status).toBe(400)
    expect(String(extra.data.message)).toContain("recurring_id")
    const anonymous = httpClient(suite.backendUrl)
    expect(
      (
        await anonymous.post(
          `/admin/acquiring/payments/${payment.id}/cancel-subscription`,
          {}
        )
      ).status
    ).toBe(401)
  })
}
