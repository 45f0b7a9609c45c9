import { Modules } from "@medusajs/framework/utils"
import { type AcquiringSuite, CARD_PROVIDER } from "../helpers/acquiring-suite"
import { formsOf, submitForm } from "../../dev/store-client/browser"
import {
  adminPayment,
  cartWithSession,
  expectOrder,
  placeDirectOrder,
  submitCard,
  paidSession,
} from "../helpers/checkout"
import { expectStatus } from "../../dev/store-client/http-client"
import { completeCart } from "../../dev/store-client/storefront"
import { CARDS } from "../helpers/test-cards"
import { eventually } from "../helpers/polling"
import { runReconcileJob } from "../helpers/settlement"

/** Payments held for risk review, and cards that need 3-D Secure. */
export function reviewAnd3dsCases({
  sandbox,
  openShop,
  backendUrl,
  container,
  databaseUrl,
}: AcquiringSuite): void {
  async function heldOrder() {
    const shop = await openShop()
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
    const payment_session = await paidSession(
      shop,
      await submitCard(shop, session.id, CARDS.review),
      "submit review card"
    )
    expect(payment_session.status).toBe("authorized")
    expect(payment_session.data).toMatchObject({
      order_status: "-2",
      review: "held",
      risk: { action: "REVIEW" },
    })
    const transactionId = payment_session.data.transaction_id
    const orderNo = payment_session.data.order_no
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      state: "review",
      payment_status: "2200",
    })
    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    return { shop, order, payment, transactionId, orderNo }
  }

  it("holds a payment for review; the admin releases it and it can be captured", async () => {
    const { shop, payment, transactionId, orderNo } = await heldOrder()
    const released = await shop.admin.post(
      `/admin/acquiring/payments/${payment.id}/review`,
      { decision: "release" }
    )
    expectStatus(released, 200, "release")
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      state: "authorised",
      payment_status: "2000",
    })
    // The sandbox's request log masks digit runs like card numbers, transaction ids included: match on order_no.
    expect(
      (await sandbox.requests("review")).at(-1)?.body?.review_orders?.[0]
    ).toMatchObject({ order_no: orderNo, review_flag: "1" })

    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture after release"
    )
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      state: "captured",
      payment_status: "3000",
    })
  })

  it("holds a payment for review; the admin rejects it, the payment is voided and cannot be captured", async () => {
    const { shop, payment, transactionId } = await heldOrder()
    expectStatus(
      await shop.admin.post(`/admin/acquiring/payments/${payment.id}/review`, {
        decision: "reject",
      }),
      200,
      "reject"
    )
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      state: "voided",
      payment_status: "1100",
    })

    const capture = await shop.admin.post(
      `/admin/payments/${payment.id}/capture`,
      {}
    )
    expect(capture.status).toBeGreaterThanOrEqual(400)
    expect((await sandbox.transaction(transactionId)).state).toBe("voided")
  })

  it("cancelling the order of a payment held for review voids it at the service", async () => {
    const { shop, order, transactionId } = await heldOrder()
    expectStatus(
      await shop.admin.post(`/admin/orders/${order.id}/cancel`, {}),
      200,
      "cancel order"
    )
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      state: "voided",
      payment_status: "1100",
    })
    expect((await adminPayment(shop, order.id)).canceled_at).toBeTruthy()
  })

  it("refuses a review decision that is neither release nor reject, naming the field", async () => {
    const { shop, payment, transactionId } = await heldOrder()
    const answer = await shop.admin.post(
      `/admin/acquiring/payments/${payment.id}/review`,
      { decision: "approve" }
    )
    expect(answer.status).toBe(400)
    expect(answer.text).toMatch(/decision/)
    expect((await sandbox.transaction(transactionId)).state).toBe("review")
  })

  async function challenged() {
    const shop = await openShop()
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
    const payment_session = await paidSession(
      shop,
      await submitCard(shop, session.id, CARDS.challenge),
      "submit 3-D Secure card"
    )
    const data = payment_session.data
    expect(data.status).toBe("requires_more")
    const transactionId = data.transaction_id
    const tx = await sandbox.transaction(transactionId)
    expect(tx).toMatchObject({ state: "pending_3ds", payment_status: "2100" })
    expect(data.three_ds.issuer_url).toBe(tx.issuer_url)
    expect(data.three_ds.form.action).toBe(tx.issuer_url)
    expect(data.three_ds.form.inputs.notify_url).toMatch(
      new RegExp(`^${backendUrl()}/hooks/payment/`)
    )
    expect(data.three_ds.form.inputs.return_url).toEqual(expect.any(String))

    // The storefront posts the shopper's browser to the issuer with the form it was given.
    const challenge = await submitForm({
      action: data.three_ds.form.action,
      method: "post",
      inputs: data.three_ds.form.inputs,
    })
    const page = challenge.visits.at(-1)!
    expect(page.status).toBe(200)
    const forms = formsOf(page.text, page.url)
    const choose = (outcome: "pass" | "fail") =>
      forms.find((f) => f.inputs.outcome === outcome)!
    return { shop, cart, session, transactionId, choose }
  }

  it("a shopper who leaves the challenge and pays with another card while the reconcile job's status query is out keeps that card's approval: the order uses it, the challenge's attempt is settled", async () => {
    const { shop, cart, session, transactionId } = await challenged()
    // the job's status query is held at the acquirer, so the shopper's second card lands while it is out
    const held = await sandbox.injectFault({
      operation: "retrieval_trans",
      kind: "latency",
      latency_ms: 5_000,
    })
    const job = runReconcileJob(container(), databaseUrl())
    await eventually("the job's status query at the acquirer", async () =>
      (await sandbox.faults()).some((f) => f.id === held.id) ? undefined : true
    )
    const paid = await paidSession(
      shop,
      await submitCard(shop, session.id, CARDS.approved),
      "second card"
    )
    await job

    const order = await expectOrder(shop, cart.id)
    expect((await adminPayment(shop, order.id)).data.transaction_id).toBe(
      paid.data.transaction_id
    )
    expect((await sandbox.transaction(paid.data.transaction_id)).state).toBe(
      "authorised"
    )
    expect((await sandbox.transaction(transactionId)).state).not.toBe(
      "authorised"
    )
  })

  it("3-D Secure passed: the shopper authenticates, comes back, and the cart completes", async () => {
    const { shop, cart, transactionId, choose } = await challenged()
    // Before the challenge is done the cart cannot complete.
    const early = await completeCart(shop.store, cart.id)
    expect(early.status === 200 ? early.data.type : "error").not.toBe("order")

    const back = await submitForm(choose("pass"))
    expect(back.visits[0].status).toBe(303)
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      state: "authorised",
      threeds_result: "AUTHENTICATED",
    })

    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    expect(payment.data.transaction_id).toBe(transactionId)
    expect(payment.data.status).toBe("authorized")
  })

  it("3-D Secure failed: no order, and the session records E0010", async () => {
    const { shop, cart, session, transactionId, choose } = await challenged()
    await submitForm(choose("fail"))
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      state: "failed",
      threeds_result: "FAILED",
    })

    const refused = await completeCart(shop.store, cart.id)
    expect(refused.status === 200 ? refused.data.type : "error").not.toBe(
      "order"
    )
    const stored = await container()
      .resolve(Modules.PAYMENT)
      .retrievePaymentSession(session.id)
    expect(stored.data).toMatchObject({
      status: "error",
      result: { code: "E0010" },
    })
  })

  it("an approved card with 3-D Secure asked for passes frictionless", async () => {
    const shop = await openShop()
    const { paid } = await placeDirectOrder(shop)
    expect(
      (await sandbox.transaction(paid.data.transaction_id)).threeds_result
    ).toBe("FRICTIONLESS")
  })
}
