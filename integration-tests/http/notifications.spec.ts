import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createHash } from "node:crypto"
import {
  processPaymentWorkflow,
  processPaymentWorkflowId,
} from "@medusajs/medusa/core-flows"
import { reconcileAcquiring } from "../../src/reconciliation/run"
import { acquiringSuite, CARD_PROVIDER } from "../helpers/acquiring-suite"
import { submitForm } from "../../dev/store-client/browser"
import {
  adminOrder,
  adminPayment,
  cartWithSession,
  expectOrder,
  hostedCardFields,
  openHostedPage,
  paidSession,
  submitCard,
} from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import { ordersMade } from "../helpers/orders-made"
import { notificationsProcessed } from "../helpers/settlement"
import { expectStatus } from "../../dev/store-client/http-client"
import { completeCart } from "../../dev/store-client/storefront"
import { CARDS } from "../helpers/test-cards"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(120_000))

// a card payment the storefront never completed is ordered after this wait (card_order_wait_ms), read when Medusa boots
const CARD_ORDER_WAIT_MS = 1_000
process.env.ACQUIRING_TEST_CARD_ORDER_WAIT_MS = String(CARD_ORDER_WAIT_MS)

const HOSTED_WEBHOOK = "acquiring-hosted_acquiring"

/** The wire contract's result signature, recomputed here: SHA-256 of the values then the key, spaces removed. */
function contractSignature(
  fields: Record<string, unknown>,
  signKey: string
): string {
  const order = [
    "merchant_id",
    "account_id",
    "transaction_id",
    "order_no",
    "currency",
    "amount",
    "order_status",
    "result_info",
  ]
  const plain = (
    order.map((name) => String(fields[name] ?? "")).join("") + signKey
  ).replace(/ /g, "")
  return createHash("sha256").update(plain, "utf8").digest("hex")
}

/** Notifications from the service: authorised, failed, duplicate, forged, and the race with the storefront. */
// Medusa's own 5 s delay stays for what is still queued (a notification the door cannot judge)
acquiringSuite({ medusaWebhookDelay: true }, (suite) => {
  const { sandbox, openShop, backendUrl, databaseUrl, container, logs } = suite
  /** How many notifications the plugin's subscriber has dealt with (its debug line) since the test began. */
  const handled = () =>
    logs.lines().filter((l) => l.includes("[acquiring] notification handled"))
      .length
  const untilHandled = (count: number) =>
    eventually(`${count} notifications handled`, async () =>
      handled() >= count ? true : undefined
    )

  const paymentModule = () => container().resolve(Modules.PAYMENT)

  /** POSTs a notification to the hosted provider's address as the acquirer would. */
  async function postNotification(fields: Record<string, string>) {
    const posted = await fetch(
      `${backendUrl()}/hooks/payment/${HOSTED_WEBHOOK}`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      }
    )
    await posted.text()
    return posted
  }

  /** The counters of refused notifications, as their table holds them. */
  async function refusalCounters() {
    const rows = await container()
      .resolve<{
        listAcquiringNotificationRefusals(
          filter: object,
          config: object
        ): Promise<Record<string, unknown>[]>
      }>("acquiring")
      .listAcquiringNotificationRefusals({}, { order: { reason: "ASC" } })
    return rows.map(({ provider_id, reason, order_no, session_id, count }) => ({
      provider_id,
      reason,
      order_no,
      session_id,
      count,
    }))
  }

  /** Rows of every table of the database, by table. */
  async function rowsPerTable(): Promise<Record<string, number>> {
    const pg = container().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const { rows: tables } = await pg.raw(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`
    )
    const { rows } = await pg.raw(
      tables
        .map(
          (t: { name: string }) =>
            `select '${t.name}' as name, count(*)::int as rows from "${t.name}"`
        )
        .join(" union all ")
    )
    return Object.fromEntries(
      rows.map((r: { name: string; rows: number }) => [r.name, r.rows])
    )
  }

  /** What Medusa's webhook subscriber does with a notification, called directly instead of waiting 5 s. */
  function webhookAction(fields: Record<string, unknown>) {
    const form = new URLSearchParams(
      Object.entries(fields).map(([k, v]) => [k, String(v ?? "")])
    ).toString()
    return paymentModule().getWebhookActionAndData({
      provider: HOSTED_WEBHOOK,
      payload: {
        data: fields,
        rawData: Buffer.from(form),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      },
    })
  }

  async function paidOnHostedPage(card: string) {
    const shop = await openShop()
    const page = await openHostedPage(shop, backendUrl())
    // The shopper pays and closes the browser: only the notification tells Medusa.
    await submitForm(page.payForm, hostedCardFields(card), {
      followRedirects: false,
    })
    const tx = (await sandbox.transactionByOrderNo(
      page.checkoutForm.inputs.order_no
    ))!
    const notification = await eventually(
      "the payment notification",
      async () => {
        const [first] = await sandbox.notifications(tx.transaction_id)
        return first?.state === "delivered" ? first : undefined
      }
    )
    return { shop, ...page, tx, notification }
  }

  /** Refused for its signature twice (the handler's direct call and the route), counted on one row. */
  async function expectRefusedTwice(orderNo: string, sessionId: string) {
    expect(await refusalCounters()).toEqual([
      {
        provider_id: `pp_${HOSTED_WEBHOOK}`,
        reason: "bad_signature",
        order_no: orderNo,
        session_id: sessionId,
        count: 2,
      },
    ])
  }

  /** An approved hosted payment whose notification the sandbox withholds (sent only by hand). */
  async function paidNotificationLost() {
    const shop = await openShop()
    const page = await openHostedPage(shop, backendUrl())
    await sandbox.loseNotifications(1)
    await submitForm(page.payForm, hostedCardFields(CARDS.approved), {
      followRedirects: false,
    })
    const tx = (await sandbox.transactionByOrderNo(
      page.checkoutForm.inputs.order_no
    ))!
    return { shop, ...page, tx }
  }

  async function ordersOfCollection(collectionId: string) {
    const query = container().resolve(ContainerRegistrationKeys.QUERY)
    const {
      data: [collection],
    } = await query.graph({
      entity: "payment_collection",
      fields: ["payments.id"],
      filters: { id: collectionId },
    })
    const payments = collection.payments ?? []
    const { data: orders } = await query.graph({
      entity: "order",
      fields: ["id"],
    })
    return { payments, orders }
  }

  /** The order's transactions (what Medusa counts as paid): reference and amount. */
  async function orderTransactions(orderId: string) {
    const query = container().resolve(ContainerRegistrationKeys.QUERY)
    const {
      data: [order],
    } = await query.graph({
      entity: "order",
      fields: ["transactions.reference", "transactions.amount"],
      filters: { id: orderId },
    })
    return (order.transactions ?? []).map((t: any) => ({
      reference: t.reference,
      amount: Number(t.amount),
    }))
  }

  it("an authorised notification completes the cart", async () => {
    const { shop, cart, session, tx, notification } = await paidOnHostedPage(
      CARDS.approved
    )
    expect(notification.fields).toMatchObject({
      notify_type: "PAYMENT",
      order_status: "1",
      transaction_id: tx.transaction_id,
    })

    const action = await webhookAction(notification.fields)
    expect(action.action).toBe("authorized")
    expect(action.data).toMatchObject({ session_id: session.id })
    expect(Number(action.data?.amount)).toBe(15)

    await processPaymentWorkflow(container()).run({ input: action })
    const stored = await paymentModule().retrievePaymentSession(session.id)
    expect(stored.status).toBe("authorized")
    const order = await expectOrder(shop, cart.id)
    expect((await adminPayment(shop, order.id)).data.transaction_id).toBe(
      tx.transaction_id
    )
  })

  it("a verified notification has made its order when the acquirer gets its answer, confirmed with the acquirer once for both of its handlers (Medusa's and the plugin's)", async () => {
    const queued = suite.webhooks.received()
    const { shop, cart, session, tx } = await paidOnHostedPage(CARDS.approved)
    // delivered: answered 200 after the order was made, with nothing queued for later
    expect(await ordersMade(databaseUrl(), cart.id, session.id)).toEqual({
      orders: 1,
      payments: 1,
    })
    expect(suite.webhooks.received()).toBe(queued)
    await notificationsProcessed(suite)
    const order = await expectOrder(shop, cart.id)
    expect((await adminPayment(shop, order.id)).data.transaction_id).toBe(
      tx.transaction_id
    )
    // asked by the order number or the transaction, in the request's body
    const queries = (await sandbox.requests("retrieval_trans")).filter(
      (request) => {
        const body = JSON.stringify(request.body)
        return body.includes(tx.order_no) || body.includes(tx.transaction_id)
      }
    )
    // one confirms the notification for both handlers (each asked its own before)
    // and serves Medusa's authorisation of the session after it (lent-answers.ts)
    expect(queries).toHaveLength(1)
  })

  it("a failed notification places no order", async () => {
    const { shop, cart, session, tx, notification } = await paidOnHostedPage(
      CARDS.declined
    )
    expect(tx.state).toBe("failed")
    expect(notification.fields).toMatchObject({ order_status: "0" })
    expect(String(notification.fields.result_info)).toMatch(/^E0008:/)

    const action = await webhookAction(notification.fields)
    expect(action.action).toBe("failed")
    await processPaymentWorkflow(container()).run({
      input: action,
      throwOnError: false,
    })
    expect(
      (await paymentModule().retrievePaymentSession(session.id)).status
    ).not.toBe("authorized")
    const refused = await completeCart(shop.store, cart.id)
    expect(refused.status === 200 ? refused.data.type : "error").not.toBe(
      "order"
    )
  })

  it("a duplicate notification changes nothing the first one did not", async () => {
    const { shop, cart, collectionId, tx, notification } =
      await paidOnHostedPage(CARDS.approved)
    const first = await webhookAction(notification.fields)
    await processPaymentWorkflow(container()).run({ input: first })
    const order = await expectOrder(shop, cart.id)

    // Delivered again over HTTP, and processed again.
    expect((await sandbox.deliverAgain(notification.id)).status).toBe(200)
    const again = await webhookAction(notification.fields)
    await processPaymentWorkflow(container()).run({
      input: again,
      throwOnError: false,
    })

    const { payments, orders } = await ordersOfCollection(collectionId)
    expect(payments).toHaveLength(1)
    expect(orders.map((o: any) => o.id)).toEqual([order.id])
    expect((await sandbox.transaction(tx.transaction_id)).state).toBe(
      "authorised"
    )
  })

  it("a forged notification is refused and changes nothing", async () => {
    const shop = await openShop()
    const { cart, session, checkoutForm } = await openHostedPage(
      shop,
      backendUrl()
    )
    const tx = (await sandbox.transactionByOrderNo(
      checkoutForm.inputs.order_no
    ))!
    const forged: Record<string, string> = {
      merchant_id: sandbox.account.merchant_id,
      account_id: sandbox.account.account_id,
      transaction_id: tx.transaction_id,
      order_no: tx.order_no,
      currency: tx.currency,
      amount: tx.amount,
      order_status: "1",
      result_info: "0000:Success",
      payment_status: "2000",
      notify_type: "PAYMENT",
      encryption_data: "cd".repeat(32),
    }

    const action = await webhookAction(forged).catch((error: Error) => ({
      action: "threw",
      data: undefined,
      error,
    }))
    expect(action.action).not.toBe("authorized")
    expect(action.action).not.toBe("captured")

    // Through the real route too: answered as Medusa answers, refused at the door and counted,
    // never queued (with Medusa's 5 s delay, a queued one would be in flight now). The direct
    // call above (a handler's path) counted one already: two refusals of this payment.
    const posted = await postNotification(forged)
    expect(posted.status).toBe(200)
    expect(suite.webhooks.inFlight()).toBe(0)
    await expectRefusedTwice(tx.order_no, session.id)

    expect(
      (await paymentModule().retrievePaymentSession(session.id)).status
    ).not.toBe("authorized")
    expect((await sandbox.transaction(tx.transaction_id)).state).toBe(
      "awaiting_card"
    )
    const answer = await shop.store.get(`/store/carts/${cart.id}`)
    expect(answer.data.cart.completed_at ?? null).toBeNull()
  })

  it("1,000 forged notifications for one order leave one counter and the operator's count; no other table grows", async () => {
    const { shop, cart, session, tx, notification } = await paidOnHostedPage(
      CARDS.approved
    )
    await processPaymentWorkflow(container()).run({
      input: await webhookAction(notification.fields),
    })
    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    await untilHandled(1) // the genuine notification
    await suite.webhooks.idle()
    const before = await rowsPerTable()
    const historyBefore = expectStatus(
      await shop.admin.get(`/admin/acquiring/payments/${payment.id}/history`),
      200,
      "history before"
    )

    // the merchant's names and the real order number, anything else made up, every one different
    const forged = (i: number, orderNo: string): Record<string, string> => ({
      merchant_id: sandbox.account.merchant_id,
      account_id: sandbox.account.account_id,
      transaction_id: `${tx.transaction_id.slice(0, -3)}${String(i % 1000).padStart(3, "0")}`,
      order_no: orderNo,
      currency: "USD",
      amount: `${(i % 97) + 1}.00`,
      order_status: String(i % 3),
      result_info: "0000:Success",
      payment_status: "2000",
      notify_type: ["PAYMENT", "CAPTURE", "CANCEL", "REFUND"][i % 4],
      encryption_data: createHash("sha256").update(`guess ${i}`).digest("hex"),
    })
    const sent: number[] = []
    const send = async (fields: Record<string, string>) =>
      sent.push((await postNotification(fields)).status)
    for (let i = 0; i < 1000; i += 20)
      await Promise.all(
        Array.from({ length: 20 }, (_, k) => send(forged(i + k, tx.order_no)))
      )
    // and 100 naming order numbers of no payment
    for (let i = 0; i < 100; i += 20)
      await Promise.all(
        Array.from({ length: 20 }, (_, k) =>
          send(
            forged(
              i + k,
              `MED${createHash("md5")
                .update(String(i + k))
                .digest("hex")
                .slice(0, 24)}`
            )
          )
        )
      )
    expect(sent.filter((status) => status !== 200)).toEqual([])
    // none was queued for Medusa's handlers
    expect(suite.webhooks.inFlight()).toBe(0)

    const after = await rowsPerTable()
    const grown = Object.fromEntries(
      Object.entries(after)
        .filter(([table, rows]) => rows !== before[table])
        .map(([table, rows]) => [table, rows - (before[table] ?? 0)])
    )
    // an hour may turn during the run: each counter is one hour's
    expect(Object.keys(grown)).toEqual(["acquiring_notification_refusal"])
    expect(grown.acquiring_notification_refusal).toBeGreaterThanOrEqual(2)
    expect(grown.acquiring_notification_refusal).toBeLessThanOrEqual(4)
    const counters = await refusalCounters()
    const total = (orderNo: string | null) =>
      counters
        .filter((c) => c.order_no === orderNo)
        .reduce((sum, c) => sum + Number(c.count), 0)
    expect(total(tx.order_no)).toBe(1000)
    expect(total(null)).toBe(100)
    expect(
      new Set(counters.map((c) => `${c.reason} ${c.session_id ?? "-"}`))
    ).toEqual(new Set([`bad_signature ${session.id}`, "unknown_order -"]))

    // the payment's history: what it had, and the refusals counted per hour
    const history = expectStatus(
      await shop.admin.get(`/admin/acquiring/payments/${payment.id}/history`),
      200,
      "history after"
    )
    const refused = history.entries.filter(
      (e: any) => e.source === "notification" && e.outcome === "refused"
    )
    expect(history.entries.length - refused.length).toBe(
      historyBefore.entries.length
    )
    expect(
      refused.reduce(
        (sum: number, e: any) =>
          sum + Number(/^(\d+) notifications refused/.exec(e.summary)![1]),
        0
      )
    ).toBe(1000)
    for (const entry of refused)
      expect(entry.summary).toMatch(
        /^\d+ notifications refused in the hour from \d{4}-\d{2}-\d{2} \d{2}:00 UTC \(first \d{2}:\d{2}:\d{2}, last \d{2}:\d{2}:\d{2}\): bad signature; nothing changed$/
      )
    expect(history.verdict).toBe(historyBefore.verdict)

    // the Payment history page's count: the store's refusals of this hour and the last
    const search = expectStatus(
      await shop.admin.get(`/admin/acquiring/history?operation=refused`),
      200,
      "history search"
    )
    expect(search.refused_notifications).toMatchObject({
      count: 1100,
      reasons: [
        { reason: "bad_signature", count: 1000 },
        { reason: "unknown_order", count: 100 },
      ],
    })
    expect(search.count).toBe(counters.length)
    // and nothing changed at the acquirer or in Medusa
    expect((await sandbox.transaction(tx.transaction_id)).state).toBe(
      "authorised"
    )
    expect((await adminPayment(shop, order.id)).captures ?? []).toHaveLength(0)
  })

  it("a genuine signed result replayed with another notify_type cannot void or capture the payment", async () => {
    const { shop, cart, session, tx, notification } = await paidOnHostedPage(
      CARDS.approved
    )
    // notify_type is not among the signed fields: the signature still holds after the change
    await untilHandled(1) // the genuine notification
    const before = handled()
    for (const notify_type of ["CANCEL", "CAPTURE"]) {
      const replayed = { ...notification.fields, notify_type }
      // the status query decides what a notification means: the payment is authorised, nothing else
      expect((await webhookAction(replayed)).action).toBe("authorized")
      const posted = await fetch(
        `${backendUrl()}/hooks/payment/${HOSTED_WEBHOOK}`,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(
            replayed as Record<string, string>
          ).toString(),
        }
      )
      await posted.text()
    }
    // the plugin's subscriber has dealt with both (Medusa's own only authorises)
    await untilHandled(before + 2)
    expect((await sandbox.transaction(tx.transaction_id)).state).toBe(
      "authorised"
    )
    expect(
      (await paymentModule().retrievePaymentSession(session.id)).status
    ).not.toBe("canceled")
    const order = await expectOrder(shop, cart.id)
    expect((await adminPayment(shop, order.id)).data.transaction_id).toBe(
      tx.transaction_id
    )
  })

  it("a notification whose amount was altered after signing is refused", async () => {
    const { session, notification, tx } = await paidOnHostedPage(CARDS.approved)
    const altered = { ...notification.fields, amount: "1.00" }
    const action = await webhookAction(altered).catch((error: Error) => ({
      action: "threw",
      data: undefined,
      error,
    }))
    expect(action.action).not.toBe("authorized")
    // through the route: refused at the door and counted with the direct call's; the genuine payment stands
    expect((await postNotification(altered)).status).toBe(200)
    await expectRefusedTwice(tx.order_no, session.id)
    const [payment] = (
      await paymentModule().listPaymentSessions(
        { id: session.id },
        { relations: ["payment"] }
      )
    ).map((s) => s.payment)
    expect(Number(payment?.amount)).toBe(Number(tx.amount))
  })

  it("the storefront and a notification completing the cart at the same moment give one order and one capture", async () => {
    // the notification is held back, then sent as the shopper's storefront completes the cart
    const { shop, cart, collectionId, tx } = await paidNotificationLost()
    const [held] = await sandbox.notifications(tx.transaction_id)
    expect(held.state).toBe("withheld")

    const [storefront, delivered] = await Promise.all([
      completeCart(shop.store, cart.id),
      sandbox.deliverAgain(held.id),
    ])
    expect(delivered.status).toBe(200)
    // Whichever lost the race, the cart is completed exactly once.
    const order =
      storefront.data?.type === "order"
        ? storefront.data.order
        : await expectOrder(shop, cart.id)
    const { payments, orders } = await ordersOfCollection(collectionId)
    expect(payments).toHaveLength(1)
    expect(orders.map((o: any) => o.id)).toEqual([order.id])

    const payment = await adminPayment(shop, order.id)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    // A second capture request is either refused or a no-op; it never reaches the service.
    await shop.admin.post(`/admin/payments/${payment.id}/capture`, {})
    expect((await adminPayment(shop, order.id)).captures).toHaveLength(1)
    // The sandbox's request log masks digit runs like card numbers, transaction ids included: match on order_no.
    const captures = (await sandbox.requests("capture")).filter((r) =>
      (r.body.capture_orders ?? []).some((e: any) => e.order_no === tx.order_no)
    )
    expect(captures).toHaveLength(1)
    expect(await sandbox.transaction(tx.transaction_id)).toMatchObject({
      state: "captured",
      captured_amount: "15.00",
    })
  })

  it("an authorised notification for an order the storefront already made runs no process-payment workflow, and is still recorded", async () => {
    const { shop, cart, session, tx, collectionId } =
      await paidNotificationLost()
    const completed = await completeCart(shop.store, cart.id)
    expect(completed.data?.type).toBe("order")

    const engine = container().resolve(Modules.WORKFLOW_ENGINE)
    const runs = new Set<string>()
    const subscriber = (event: { transactionId: string }) =>
      void runs.add(event.transactionId)
    await engine.subscribe({ workflowId: processPaymentWorkflowId, subscriber })
    try {
      const before = handled()
      const [held] = await sandbox.notifications(tx.transaction_id)
      expect((await sandbox.deliverAgain(held.id)).status).toBe(200)
      await untilHandled(before + 1)
      // a run through the engine now is seen: whatever ran before it was seen first
      const verdict = await webhookAction(held.fields)
      expect(verdict).toMatchObject({
        action: "authorized",
        data: { session_id: session.id },
      })
      const { acknowledgement } = await engine.run(processPaymentWorkflowId, {
        input: verdict,
      })
      const control = acknowledgement.transactionId
      await eventually("the control run seen", async () =>
        runs.has(control) ? true : undefined
      )
      expect([...runs]).toEqual([control])
    } finally {
      await engine.unsubscribe({
        workflowId: processPaymentWorkflowId,
        subscriberOrId: subscriber,
      })
    }
    const { payments, orders } = await ordersOfCollection(collectionId)
    expect(payments).toHaveLength(1)
    expect(orders.map((o: { id: string }) => o.id)).toEqual([
      completed.data.order.id,
    ])
  })

  it("a card payment's notification restating the authorisation the plugin holds is not confirmed again with the acquirer, and the order the storefront never asked for is made once the storefront's wait is over", async () => {
    const shop = await openShop()
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
    // held back until the card's answer is recorded, then sent by hand
    await sandbox.loseNotifications(1)
    const paid = await paidSession(
      shop,
      await submitCard(shop, session.id, CARDS.approved),
      "card"
    )
    const { order_no, transaction_id } = paid.data
    const queriesOfThisPayment = async () =>
      (await sandbox.requests("retrieval_trans")).filter((request) => {
        const body = JSON.stringify(request.body)
        return body.includes(order_no) || body.includes(transaction_id)
      }).length
    expect(await queriesOfThisPayment()).toBe(0)

    const before = handled()
    const [held] = await sandbox.notifications(transaction_id)
    const delivered = Date.now()
    expect((await sandbox.deliverAgain(held.id)).status).toBe(200)
    await untilHandled(before + 1)
    const ordered = await eventually("the order, after the wait", async () => {
      const made = await ordersMade(databaseUrl(), cart.id, session.id)
      // the completion writes the order, then its payment
      return made.orders && made.payments ? made : undefined
    })
    expect(ordered).toEqual({ orders: 1, payments: 1 })
    // left to the storefront meanwhile
    expect(Date.now() - delivered).toBeGreaterThanOrEqual(CARD_ORDER_WAIT_MS)
    expect(await queriesOfThisPayment()).toBe(0)
    const pg = container().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const { rows } = await pg.raw(
      `select summary from acquiring_payment_event where session_id = ? and kind = 'notification'`,
      [session.id]
    )
    expect(rows.map((r: { summary: string }) => r.summary)).toEqual([
      "PAYMENT notification verified: it restates the authorisation the plugin holds",
    ])
  })

  it("the payment notification arriving again after capture does not downgrade the payment, and the order counts the capture once", async () => {
    const { shop, cart, session, tx, notification } = await paidOnHostedPage(
      CARDS.approved
    )
    await processPaymentWorkflow(container()).run({
      input: await webhookAction(notification.fields),
    })
    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )

    // Medusa's handler would record a capture again beside the order page's, whose order transaction may not be written yet: the order would count it twice
    const captureNotice = await eventually(
      "the capture's notification",
      async () =>
        (await sandbox.notifications(tx.transaction_id)).find(
          (n) => n.fields.notify_type === "CAPTURE" && n.state === "delivered"
        )
    )
    expect(await webhookAction(captureNotice.fields)).toMatchObject({
      action: "not_supported",
      data: { session_id: session.id },
    })
    expect((await sandbox.deliverAgain(notification.id)).status).toBe(200)
    const late = await webhookAction(notification.fields)
    expect(late.action).toBe("not_supported")
    await processPaymentWorkflow(container()).run({
      input: late,
      throwOnError: false,
    })

    const after = await adminPayment(shop, order.id)
    expect(after.captures).toHaveLength(1)
    expect(after.data.status).toBe("captured")
    expect((await adminOrder(shop, order.id)).payment_status).toBe("captured")
    expect(await sandbox.transaction(tx.transaction_id)).toMatchObject({
      state: "captured",
      payment_status: "3000",
    })
    // once the subscriber has dealt with all three notices (payment, capture, payment again): one capture transaction, 15.00 paid
    await untilHandled(3)
    expect(await orderTransactions(order.id)).toEqual([
      { reference: "capture", amount: 15 },
    ])
  })

  it("the reconcile job completes the cart of a payment whose notification was not acted on", async () => {
    // the payment's notification is lost on the way
    const { shop, cart, session, tx } = await paidNotificationLost()
    expect(tx.state).toBe("authorised")
    // quiet for longer than the job waits
    const pg = container().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    await pg.raw(
      "update payment_session set updated_at = now() - interval '11 minutes' where id = ?",
      [session.id]
    )
    expect(
      (await paymentModule().retrievePaymentSession(session.id)).status
    ).toBe("pending")

    const queriesBefore = (await sandbox.requests("retrieval_trans")).length
    await reconcileAcquiring(container())

    expect(
      (await paymentModule().retrievePaymentSession(session.id)).status
    ).toBe("authorized")
    const answer = await shop.store.get(`/store/carts/${cart.id}`)
    expect(answer.data.cart.completed_at).toBeTruthy()
    // one status query: the cart completion it triggered read what the job stored instead of asking again
    const queries = (await sandbox.requests("retrieval_trans")).slice(
      queriesBefore
    )
    expect(queries).toHaveLength(1)
    const selector = [queries[0].body.orders, queries[0].body.trades].join(",")
    expect(
      [tx.order_no, tx.transaction_id].some((id) => selector.includes(id))
    ).toBe(true)
  })

  it("notifications carry the wire contract's signature, and one signed by that recipe alone is believed", async () => {
    const { shop, notification } = await paidOnHostedPage(CARDS.approved)
    expect(notification.fields.encryption_data).toBe(
      contractSignature(notification.fields, sandbox.account.sign_key)
    )

    // A second cart whose card the service declines; this test, not the sandbox, sends the failure notice.
    const { session, checkoutForm, payForm } = await openHostedPage(
      shop,
      backendUrl()
    )
    await submitForm(payForm, hostedCardFields(CARDS.declined), {
      followRedirects: false,
    })
    const tx = (await sandbox.transactionByOrderNo(
      checkoutForm.inputs.order_no
    ))!
    expect(tx.state).toBe("failed")
    const failed: Record<string, string> = {
      merchant_id: sandbox.account.merchant_id,
      account_id: sandbox.account.account_id,
      transaction_id: tx.transaction_id,
      order_no: tx.order_no,
      currency: tx.currency,
      amount: tx.amount,
      order_status: "0",
      result_info: "E0008:Declined by issuer",
      notify_type: "PAYMENT",
    }
    // Received signatures compare case-insensitively.
    failed.encryption_data = contractSignature(
      failed,
      sandbox.account.sign_key
    ).toUpperCase()
    const action = await webhookAction(failed)
    expect(action.action).toBe("failed")
    expect(action.data).toMatchObject({ session_id: session.id })
  })
})
