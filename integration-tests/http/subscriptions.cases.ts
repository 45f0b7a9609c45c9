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
  HOSTED_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import {
  adminPayment,
  expectOrder,
  hostedCardFields,
  submitCard,
} from "../helpers/checkout"
import { linkPaymentOf, openLink } from "../helpers/payment-links"
import { eventually } from "../helpers/polling"
import { submitForm } from "../../dev/store-client/browser"
import { expectStatus, httpClient } from "../../dev/store-client/http-client"
import {
  openPaymentSession,
  SHOPPER_DEVICE,
} from "../../dev/store-client/storefront"
import { Modules } from "@medusajs/framework/utils"
import { CARDS } from "../helpers/test-cards"
import { customerToken, storeAs } from "../helpers/store-callers"
import { notificationsProcessed, runReconcileJob } from "../helpers/settlement"

/** A card of another brand than the first payment's (the sandbox approves it). */
const NEW_CARD = "5555555555554444"

const SUBSCRIPTION = {
  contract_name: "Coffee club",
  contract: "monthly beans",
  contract_amount: "15.00",
  interval: "month",
  interval_count: "1",
  billing_cycle: 12,
}

async function subscribe(shop: Shop, subscription: unknown = SUBSCRIPTION) {
  const cart = await shop.readyCart()
  const { session, answer } = await openPaymentSession(
    shop.store,
    cart.id,
    CARD_PROVIDER,
    { device: SHOPPER_DEVICE, subscription }
  )
  return { cart, session, answer }
}

async function subscribedOrder(
  shop: Shop,
  subscription: unknown = SUBSCRIPTION
) {
  const { cart, session, answer } = await subscribe(shop, subscription)
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

  /** The subscription the order's payment started: its id and first order number at the acquirer. */
  const subscriptionOf = async (payment: { data: Record<string, unknown> }) => {
    const tx = await sandbox.transaction(String(payment.data.transaction_id))
    return { recurring_id: tx.subscription.recurring_id, order_no: tx.order_no }
  }
  const ORDER_FIELDS = encodeURIComponent(
    "id,display_id,email,customer_id,total,metadata,*items,*shipping_address,*shipping_methods,payment_status"
  )
  /** The renewal orders made of `orderId`, oldest first, with what Medusa holds of each. */
  const renewalsOf = async (shop: Shop, orderId: string) => {
    const { orders } = expectStatus(
      await shop.admin.get(
        `/admin/orders?fields=${ORDER_FIELDS}&limit=50&order=created_at`
      ),
      200,
      "orders"
    )
    return (orders as any[]).filter(
      (o) => o.metadata?.acquiring_renewal_of === orderId
    )
  }
  /** The feed entries and e-mails naming a subscription, oldest first, as Medusa keeps them. */
  const notificationsOf = async (recurringId: string): Promise<any[]> =>
    (
      await suite
        .container()
        .resolve(Modules.NOTIFICATION)
        .listNotifications(
          { channel: ["feed", "email"] },
          { take: 1000, order: { created_at: "ASC" } }
        )
    ).filter(
      (n: any) =>
        n.data?.recurring_id === recurringId ||
        String(n.data?.description ?? "").includes(recurringId)
    )
  /** What the merchant's feed and the customers' e-mails were told of a subscription, oldest first. */
  const noticesOf = async (recurringId: string) =>
    (await notificationsOf(recurringId)).map((n: any) =>
      n.channel === "feed"
        ? {
            channel: n.channel,
            title: n.data.title,
            description: n.data.description,
          }
        : {
            channel: n.channel,
            to: n.to,
            template: n.template,
            reason: n.data.reason,
            retries_left: n.data.retries_left,
            amount: n.data.amount,
          }
    )
  const customerEmail = async (shop: Shop, orderId: string) =>
    expectStatus(
      await shop.admin.get(`/admin/orders/${orderId}?fields=email`),
      200,
      "order"
    ).order.email
  const historyOf = async (shop: Shop, paymentId: string) =>
    (
      expectStatus(
        await shop.admin.get(`/admin/acquiring/payments/${paymentId}/history`),
        200,
        "history"
      ).entries as { source: string; outcome: string; summary: string }[]
    ).map((e) => e.summary)

  it("every paid deduction becomes one renewal order of the first order's items, customer and address, holding a captured payment of the amount charged; a repeated notification makes nothing more, a forged one is refused", async () => {
    const shop = await openShop()
    const { order, payment } = await subscribedOrder(shop)
    const { recurring_id, order_no } = await subscriptionOf(payment)

    for (let n = 1; n <= 3; n++) {
      const made = await sandbox.deduct(recurring_id)
      expect(made).toMatchObject({
        order_no: `${order_no}-R${n}`,
        amount: "15.00",
      })
      await notificationsProcessed(suite)
    }
    // the first deduction's notification delivered again: still one order for it
    const recurring = (await sandbox.allNotifications()).filter(
      (n) => n.notify_type === "RECURRING"
    )
    expect(recurring).toHaveLength(3)
    expect((await sandbox.deliverAgain(recurring[0].id)).ok).toBe(true)
    await notificationsProcessed(suite)

    const renewals = await renewalsOf(shop, order.id)
    expect(renewals.map((o) => o.metadata.acquiring_deduction)).toEqual([
      `${order_no}-R1`,
      `${order_no}-R2`,
      `${order_no}-R3`,
    ])
    const { order: firstOrder } = expectStatus(
      await shop.admin.get(`/admin/orders/${order.id}?fields=${ORDER_FIELDS}`),
      200,
      "first order"
    )
    for (const renewal of renewals) {
      expect(renewal).toMatchObject({
        email: firstOrder.email,
        customer_id: firstOrder.customer_id,
        total: 15,
        payment_status: "captured",
        metadata: { acquiring_subscription: recurring_id },
      })
      expect(
        renewal.items.map((i: any) => [i.variant_id, i.quantity, i.unit_price])
      ).toEqual(
        firstOrder.items.map((i: any) => [
          i.variant_id,
          i.quantity,
          i.unit_price,
        ])
      )
      expect(renewal.shipping_address).toMatchObject({
        address_1: firstOrder.shipping_address.address_1,
        city: firstOrder.shipping_address.city,
        country_code: firstOrder.shipping_address.country_code,
      })
      expect(renewal.shipping_methods.map((m: any) => m.name)).toEqual(
        firstOrder.shipping_methods.map((m: any) => m.name)
      )
      // the acquirer and Medusa agree to the cent
      const held = await adminPayment(shop, renewal.id)
      const charged = await sandbox.transactionByOrderNo(
        renewal.metadata.acquiring_deduction
      )
      expect(charged).toMatchObject({
        state: "captured",
        captured_amount: "15.00",
      })
      expect(held).toMatchObject({ amount: 15, provider_id: CARD_PROVIDER })
      expect(held.captured_at).toBeTruthy()
      expect(held.captures.map((c: any) => c.amount)).toEqual([15])
      expect(held.data.transaction_id).toBe(charged!.transaction_id)
    }
    // the first payment's money is as it was
    expect((await adminPayment(shop, order.id)).amount).toBe(payment.amount)
    expect(await historyOf(shop, payment.id)).toContain(
      `RECURRING notification verified: deduction 1 of subscription ${recurring_id} paid 15.00 USD as ${order_no}-R1; the plugin confirms it with the status query, and a paid one becomes a renewal order`
    )

    // the same deduction with its amount changed: refused at the door and counted, nothing kept
    const answer = await fetch(recurring[1].url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...recurring[1].fields, amount: "1500.00" }),
    })
    expect(answer.status).toBe(200)
    const history = await historyOf(shop, payment.id)
    expect(history.filter((summary) => summary.includes("refused"))).toEqual([
      expect.stringMatching(
        /^1 notification refused in the hour .*: bad signature; nothing changed$/
      ),
    ])
    expect(await renewalsOf(shop, order.id)).toHaveLength(3)
  })

  it("a declined deduction makes no order until its retry is paid, and tells the merchant (feed) and the customer (e-mail) once; a deduction whose notification was lost is found by the reconcile job; failed tries end the subscription", async () => {
    const shop = await openShop()
    const { order, payment } = await subscribedOrder(shop)
    const { recurring_id, order_no } = await subscriptionOf(payment)

    await sandbox.deduct(recurring_id, "declined")
    await notificationsProcessed(suite)
    expect(await renewalsOf(shop, order.id)).toEqual([])
    // the merchant's feed and the customer's e-mail say so once, however often it is heard of
    await runReconcileJob(suite.container(), suite.databaseUrl())
    expect(await noticesOf(recurring_id)).toEqual([
      {
        channel: "feed",
        title: "Subscription deduction declined",
        description: expect.stringMatching(
          new RegExp(
            `^Deduction 1 of subscription ${recurring_id} \\(order #\\d+, 15\\.00 USD\\) was declined \\(E0008:.*\\)\\. The acquirer tries again \\(2 tries left\\); a paid try becomes the renewal order\\.$`
          )
        ),
      },
      {
        channel: "email",
        to: (await customerEmail(shop, order.id)) as string,
        template: "acquiring-subscription-declined",
        reason: "declined",
        retries_left: 2,
        amount: "15.00",
      },
    ])
    await sandbox.deduct(recurring_id, "approved") // the retry of deduction 1
    await notificationsProcessed(suite)
    expect(
      (await renewalsOf(shop, order.id)).map(
        (o) => o.metadata.acquiring_deduction
      )
    ).toEqual([`${order_no}-R1`])

    // deduction 2 paid, its notification lost: the reconcile job asks after the next order number
    await sandbox.loseNotifications(1)
    await sandbox.deduct(recurring_id, "approved")
    await notificationsProcessed(suite)
    expect(await renewalsOf(shop, order.id)).toHaveLength(1)
    await runReconcileJob(suite.container(), suite.databaseUrl())
    const renewals = await renewalsOf(shop, order.id)
    expect(renewals.map((o) => o.metadata.acquiring_deduction)).toEqual([
      `${order_no}-R1`,
      `${order_no}-R2`,
    ])
    expect(renewals[1]).toMatchObject({ total: 15, payment_status: "captured" })
    expect(await historyOf(shop, payment.id)).toContain(
      `The reconcile job found deduction 2 of subscription ${recurring_id} (paid, 15.00 USD) by the status query: its notification had not arrived`
    )
    // a second run finds nothing new
    await runReconcileJob(suite.container(), suite.databaseUrl())
    expect(await renewalsOf(shop, order.id)).toHaveLength(2)

    // deduction 3 declined on every try: the subscription ends (E0013), no order
    // one try at a time, as the acquirer makes them days apart
    for (let t = 0; t < 3; t++) {
      await sandbox.deduct(recurring_id, "declined")
      await notificationsProcessed(suite)
    }
    await runReconcileJob(suite.container(), suite.databaseUrl())
    expect(await renewalsOf(shop, order.id)).toHaveLength(2)
    const ended = (await sandbox.allNotifications()).filter(
      (n) =>
        n.notify_type === "RECURRING" &&
        n.fields.result_info?.startsWith("E0013")
    )
    expect(ended).toHaveLength(1)
    const titles = (await noticesOf(recurring_id))
      .filter((n) => n.channel === "feed")
      .map((n) => n.title)
    // the last try's decline and the end arrive together: the end is told once, and the last
    // try's decline too unless the end was heard first (it then says nothing new)
    expect(titles.slice(0, 3)).toEqual([
      "Subscription deduction declined",
      "Subscription deduction declined",
      "Subscription deduction declined",
    ])
    expect(titles.slice(3).sort()).toEqual(
      titles.length === 5
        ? [
            "Subscription deduction declined",
            "Subscription ended after failed deductions",
          ]
        : ["Subscription ended after failed deductions"]
    )
    expect(
      (await historyOf(shop, payment.id)).filter((s) =>
        s.includes(
          `deduction 3 (retry 2) of subscription ${recurring_id} declined (E0013`
        )
      )
    ).toHaveLength(1)
  })

  it("a lapsed card (E0011): the subscription stopped at the acquirer, the deduction's order made owing 15.00, the customer e-mailed a link that pays it with a new card, keeps that card and starts the subscription again; told once", async () => {
    const shop = await openShop()
    const email = "lapsed-card@example.test"
    const store = storeAs(
      suite.backendUrl,
      shop.seeded.publishableKey,
      await customerToken(shop, suite.backendUrl, email)
    )
    const { order, payment } = await subscribedOrder({ ...shop, store })
    const { recurring_id, order_no } = await subscriptionOf(payment)

    await sandbox.deduct(recurring_id, "lapsed")
    await notificationsProcessed(suite)
    // heard again by the job: nothing more is made or sent
    await runReconcileJob(suite.container(), suite.databaseUrl())
    expect(await sandbox.subscription(recurring_id)).toMatchObject({
      status: "cancelled",
    })
    const [owing, ...more] = await renewalsOf(shop, order.id)
    expect(more).toEqual([])
    expect(owing.metadata.acquiring_deduction).toBe(`${order_no}-R1`)
    const links = expectStatus(
      await shop.admin.get(`/admin/acquiring/orders/${owing.id}/payment-links`),
      200,
      "the owing order's links"
    )
    expect(links.outstanding).toEqual({ amount: "15.00", currency: "USD" })
    expect(links.payment_links.map((l: any) => l.status)).toEqual(["open"])

    const notices = await notificationsOf(recurring_id)
    expect(notices.map((n: any) => n.channel)).toEqual(["feed", "email"])
    expect(notices[0].data).toMatchObject({
      title: "Subscription card lapsed",
      description: expect.stringContaining(
        `The subscription was cancelled at the acquirer (no try on that card can succeed), and order #${owing.display_id} asks the customer to pay it by a payment link with a new card`
      ),
    })
    expect(notices[0].data.description).not.toMatch(/acquiring\/pay\//)
    const mail = notices[1]
    expect([mail.to, mail.template]).toEqual([
      await customerEmail(shop, order.id),
      "acquiring-subscription-declined",
    ])
    expect(mail.data).toMatchObject({
      reason: "card_lapsed",
      pay_order_display_id: owing.display_id,
      pay_url: expect.stringMatching(/\/acquiring\/pay\/[A-Za-z0-9_-]{43}$/),
    })

    // the customer pays the link with a new card
    const { checkoutForm, payForm } = await openLink(mail.data.pay_url)
    const sent = new URLSearchParams(checkoutForm.inputs.allParams)
    expect([sent.get("amount"), sent.get("token_flag")]).toEqual([
      "15.00",
      "YES",
    ])
    await submitForm(payForm, hostedCardFields(NEW_CARD), {
      followRedirects: false,
    })
    const paid = await eventually(
      "the link's payment on the owing order",
      () => linkPaymentOf(shop, owing.id, HOSTED_PROVIDER),
      30_000
    )
    expect(paid.amount).toBe(15)
    const restarted = (await sandbox.transactionByOrderNo(
      checkoutForm.inputs.order_no
    ))!
    expect(restarted.subscription?.recurring_id).toBeTruthy()
    expect(restarted.subscription.recurring_id).not.toBe(recurring_id)

    // the customer's account: the new subscription on the order just paid, the old one cancelled; the new card kept
    // the plugin's subscriber keeps the new subscription from the payment's notification
    const listed = await eventually(
      "the restarted subscription in the customer's list",
      async () => {
        const all = expectStatus(
          await store.get("/store/acquiring/subscriptions"),
          200,
          "subscriptions"
        ).subscriptions
        return all.length === 2 ? all : undefined
      }
    )
    expect(listed.map((l: any) => [l.id, l.status, l.first_order.id])).toEqual([
      [restarted.subscription.recurring_id, "active", owing.id],
      [recurring_id, "cancelled", order.id],
    ])
    expect(listed[1].last_decline).toEqual({
      deduction_number: 1,
      reason: "card_lapsed",
    })
    const cards = expectStatus(
      await store.get("/store/acquiring/saved-cards"),
      200,
      "saved cards"
    ).saved_cards
    expect(cards).toHaveLength(1)
    expect(JSON.stringify(cards)).not.toContain(NEW_CARD)
  })

  it("a subscription priced below or above its first order: the renewal's total is what the acquirer charged, by a credit line or a line of the difference", async () => {
    const shop = await openShop()
    for (const [price, total] of [
      ["12.50", 12.5],
      ["17.25", 17.25],
    ] as const) {
      const { order, payment } = await subscribedOrder(shop, {
        ...SUBSCRIPTION,
        contract_amount: price,
      })
      expect(payment.amount).toBe(15)
      const { recurring_id } = await subscriptionOf(payment)
      await sandbox.deduct(recurring_id)
      await notificationsProcessed(suite)
      const [renewal] = await renewalsOf(shop, order.id)
      expect(renewal).toMatchObject({ total, payment_status: "captured" })
      const held = await adminPayment(shop, renewal.id)
      expect(held.amount).toBe(total)
      expect(held.captures.map((c: any) => c.amount)).toEqual([total])
      expect(
        (
          await sandbox.transactionByOrderNo(
            renewal.metadata.acquiring_deduction
          )
        )?.captured_amount
      ).toBe(price)
    }
  })

  it("a deduction paid before its first payment has an order waits, told in the feed once, and becomes its renewal once the first order exists", async () => {
    const shop = await openShop()
    // the first payment authorised, its notification lost and its cart not completed yet: no order
    await sandbox.loseNotifications(1)
    const { cart, session, answer } = await subscribe(shop)
    expectStatus(answer, 200, "payment session with a subscription")
    expectStatus(
      await submitCard(shop, session.id, CARDS.approved),
      200,
      "submit card"
    )
    const [firstTx] = (await sandbox.allNotifications())
      .filter((n) => n.notify_type === "PAYMENT" && n.state === "withheld")
      .slice(-1)
    const recurringId = (await sandbox.transaction(firstTx.transaction_id))
      .subscription.recurring_id
    await sandbox.deduct(recurringId)
    await sandbox.deduct(recurringId)
    await notificationsProcessed(suite)
    const waiting = (await noticesOf(recurringId)).filter(
      (n) => n.channel === "feed"
    )
    expect(waiting.map((n) => n.title)).toEqual([
      "Subscription renewal waiting",
      "Subscription renewal waiting",
    ])
    // the two deductions' notifications are handled in either order
    expect(waiting.map((n) => n.description).sort()[0]).toMatch(
      /^Deduction 1 of subscription RC\w+ was paid \(15\.00 USD, MED\w+-R1\), but its renewal order cannot be made yet: the first payment MED\w+ has no order yet\. The reconcile job makes it as soon as it can/
    )

    // the shopper's storefront completes the cart; the job's next run makes both renewals, once
    const order = await expectOrder(shop, cart.id)
    await runReconcileJob(suite.container(), suite.databaseUrl())
    await runReconcileJob(suite.container(), suite.databaseUrl())
    const renewals = await renewalsOf(shop, order.id)
    expect(
      renewals.map((o) => o.metadata.acquiring_deduction_number).sort()
    ).toEqual([1, 2])
    expect(renewals.map((o) => o.payment_status)).toEqual([
      "captured",
      "captured",
    ])
    // told once per deduction, however often the job tried
    expect(
      (await noticesOf(recurringId)).filter(
        (n) => n.title === "Subscription renewal waiting"
      )
    ).toHaveLength(2)
  })

  it("a deduction the reconcile job finds while its notification arrives after all becomes one order", async () => {
    const shop = await openShop()
    const { order, payment } = await subscribedOrder(shop)
    const { recurring_id, order_no } = await subscriptionOf(payment)
    await sandbox.loseNotifications(1)
    await sandbox.deduct(recurring_id)
    const lost = (await sandbox.allNotifications()).filter(
      (n) => n.fields.order_no === `${order_no}-R1`
    )
    expect(lost.map((n) => [n.notify_type, n.state])).toEqual([
      ["RECURRING", "withheld"],
    ])
    await Promise.all([
      sandbox.deliverAgain(lost[0].id),
      runReconcileJob(suite.container(), suite.databaseUrl()),
      runReconcileJob(suite.container(), suite.databaseUrl()),
    ])
    await notificationsProcessed(suite)
    const renewals = await renewalsOf(shop, order.id)
    expect(renewals.map((o) => o.metadata.acquiring_deduction)).toEqual([
      `${order_no}-R1`,
    ])
    expect(await adminPayment(shop, renewals[0].id)).toMatchObject({
      amount: 15,
    })
  })

  it.each([
    ["http_500"],
    ["connection_reset"],
    ["malformed_body"],
    ["wrong_signature"],
  ] as const)(
    "a deduction whose status query answers %s makes nothing until the acquirer can be asked again; then one order",
    async (kind) => {
      const shop = await openShop()
      const { order, payment } = await subscribedOrder(shop)
      const { recurring_id, order_no } = await subscriptionOf(payment)
      // every look-up fails while the notification is handled (Medusa's handler and the plugin's each ask)
      await sandbox.injectFault({
        operation: "retrieval_trans",
        kind,
        count: 10,
      })
      await sandbox.deduct(recurring_id)
      await notificationsProcessed(suite)
      expect(await renewalsOf(shop, order.id)).toEqual([])
      const kept = await (
        suite.container().resolve("acquiring") as any
      ).listAcquiringDeductions({ first_order_no: order_no })
      expect(kept).toEqual([])

      await sandbox.clearFaults()
      await runReconcileJob(suite.container(), suite.databaseUrl())
      const renewals = await renewalsOf(shop, order.id)
      expect(renewals.map((o) => o.metadata.acquiring_deduction)).toEqual([
        `${order_no}-R1`,
      ])
      expect(await adminPayment(shop, renewals[0].id)).toMatchObject({
        amount: 15,
      })
      await runReconcileJob(suite.container(), suite.databaseUrl())
      expect(await renewalsOf(shop, order.id)).toHaveLength(1)
    }
  )

  it("a retry's notice heard after its deduction was ordered (the declined try's notice found it paid) still moves the next deduction's time on", async () => {
    const shop = await openShop()
    const { order, payment } = await subscribedOrder(shop)
    const { recurring_id, order_no } = await subscriptionOf(payment)
    await sandbox.loseNotifications(2)
    await sandbox.deduct(recurring_id, "declined")
    // the acquirer's retry a day later announces the deduction after it from then
    await sandbox.deduct(recurring_id, "approved", 1)
    const [declined, paid] = (await sandbox.allNotifications()).filter(
      (n) => n.fields.order_no === `${order_no}-R1`
    )
    expect([declined, paid].map((n) => n.fields.retry_number)).toEqual([
      "0",
      "1",
    ])
    expect(paid.fields.recurring_deduction_time).not.toBe(
      declined.fields.recurring_deduction_time
    )
    // the declined try's notice first: its status query already finds the retry paid
    await sandbox.deliverAgain(declined.id)
    await notificationsProcessed(suite)
    expect(await renewalsOf(shop, order.id)).toHaveLength(1)
    await sandbox.deliverAgain(paid.id)
    await notificationsProcessed(suite)

    const row = expectStatus(
      await shop.admin.get("/admin/acquiring/subscriptions?limit=200"),
      200,
      "admin subscriptions"
    ).subscriptions.find((s: any) => s.id === recurring_id)
    expect(row.next_deduction_at).toBe(paid.fields.recurring_deduction_time)
    expect(row.next_deduction_at).toBe(
      (await sandbox.subscription(recurring_id)).recurring_deduction_time
    )
    expect(await renewalsOf(shop, order.id)).toHaveLength(1)
  })

  it("a customer sees and cancels their own subscriptions at the store; another customer and a guest cannot; the admin lists every one with its renewals and failed tries", async () => {
    const shop = await openShop()
    const signedIn = async (email: string) => {
      const store = storeAs(
        suite.backendUrl,
        shop.seeded.publishableKey,
        await customerToken(shop, suite.backendUrl, email)
      )
      return { shop: { ...shop, store }, store }
    }
    const ana = await signedIn("ana-subscriber@example.test")
    const bob = await signedIn("bob-subscriber@example.test")
    const guest = storeAs(suite.backendUrl, shop.seeded.publishableKey)
    const cancelsBefore = await cancelRequests()
    const { order, payment } = await subscribedOrder(ana.shop)
    const { recurring_id, order_no } = await subscriptionOf(payment)
    await sandbox.deduct(recurring_id, "declined")
    await sandbox.deduct(recurring_id, "approved")
    await notificationsProcessed(suite)
    const [renewal] = await renewalsOf(shop, order.id)

    const listed = expectStatus(
      await ana.store.get("/store/acquiring/subscriptions"),
      200,
      "ana's subscriptions"
    ).subscriptions
    expect(listed).toEqual([
      {
        id: recurring_id,
        contract_name: "Coffee club",
        contract: "monthly beans",
        amount: "15.00",
        currency: "USD",
        interval: "month",
        interval_count: "1",
        billing_cycle: 12,
        status: "active",
        next_deduction_at: expect.stringMatching(
          /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
        ),
        first_order: { id: order.id, display_id: expect.any(Number) },
        started_at: expect.any(String),
        renewals: [
          {
            id: renewal.id,
            display_id: expect.any(Number),
            deduction_number: 1,
            amount: "15.00",
            currency: "USD",
          },
        ],
        failed_tries: 1,
        last_decline: null,
      },
    ])
    // the next deduction is the one the acquirer announced with the last deduction
    expect(listed[0].next_deduction_at).toBe(
      (await sandbox.subscription(recurring_id)).recurring_deduction_time
    )
    expect(JSON.stringify(listed)).not.toMatch(/payment_id|provider_id|E00/)

    // nobody else sees or cancels it
    expect(
      expectStatus(
        await bob.store.get("/store/acquiring/subscriptions"),
        200,
        "bob's subscriptions"
      ).subscriptions
    ).toEqual([])
    expect((await guest.get("/store/acquiring/subscriptions")).status).toBe(401)
    const path = `/store/acquiring/subscriptions/${recurring_id}/cancel`
    expect((await bob.store.post(path, {})).status).toBe(404)
    expect((await guest.post(path, {})).status).toBe(401)
    expect(
      (
        await ana.store.post(
          "/store/acquiring/subscriptions/no%00pe/cancel",
          {}
        )
      ).status
    ).toBe(400)
    expect(await cancelRequests()).toBe(cancelsBefore)

    // the admin's list shows it with the payment to cancel it by
    const admin = expectStatus(
      await shop.admin.get("/admin/acquiring/subscriptions?limit=200"),
      200,
      "admin subscriptions"
    )
    const row = admin.subscriptions.find((s: any) => s.id === recurring_id)
    expect(row).toMatchObject({
      payment_id: payment.id,
      provider_id: CARD_PROVIDER,
      status: "active",
      failed_tries: 1,
      renewals: [{ id: renewal.id, deduction_number: 1 }],
    })
    expect(admin.count).toBeGreaterThanOrEqual(1)
    expect(
      (await shop.admin.get("/admin/acquiring/subscriptions?limit=5000")).status
    ).toBe(400)

    // ana cancels: one request to the acquirer, a repeat sends nothing
    const cancelled = expectStatus(
      await ana.store.post(path, {}),
      200,
      "cancel"
    )
    expect(cancelled).toMatchObject({
      outcome: "cancelled",
      message: "Your subscription is cancelled: no further payments are taken.",
      subscription: {
        id: recurring_id,
        status: "cancelled",
        next_deduction_at: null,
      },
    })
    expect(
      expectStatus(await ana.store.post(path, {}), 200, "cancel again").outcome
    ).toBe("cancelled")
    expect(await cancelRequests()).toBe(cancelsBefore + 1)
    expect((await sandbox.subscription(recurring_id)).status).toBe("cancelled")
    expect(
      expectStatus(
        await shop.admin.get("/admin/acquiring/subscriptions?limit=200"),
        200,
        "admin subscriptions"
      ).subscriptions.find((s: any) => s.id === recurring_id).status
    ).toBe("cancelled")
    expect(renewal.metadata.acquiring_deduction).toBe(`${order_no}-R1`)
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
