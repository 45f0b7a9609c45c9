import { Modules } from "@medusajs/framework/utils"
import { type AcquiringSuite, CARD_PROVIDER } from "../helpers/acquiring-suite"
import { submitForm } from "../../dev/store-client/browser"
import {
  adminPayment,
  cartWithSession,
  expectOrder,
  hostedCardFields,
  openHostedPage,
  placeDirectOrder,
  submitCard,
} from "../helpers/checkout"
import { expectStatus } from "../../dev/store-client/http-client"
import { CARDS } from "../helpers/test-cards"
import { notificationsProcessed } from "../helpers/settlement"

/** Lost answers and lying answers from the service: nothing is charged twice, nothing unverified is trusted. */
export function gatewayFailuresCases(suite: AcquiringSuite): void {
  const { sandbox, openShop, backendUrl, container } = suite
  afterEach(() => sandbox.clearFaults())

  const requestsFor = async (
    operation: string,
    orderNo: string,
    list: string
  ) =>
    (await sandbox.requests(operation)).filter((r) =>
      (r.body[list] ?? []).some((e: any) => e.order_no === orderNo)
    )

  /** A direct order whose payment the admin captured, ready for a refund. */
  async function capturedOrder() {
    const shop = await openShop()
    const { order } = await placeDirectOrder(shop)
    const payment = await adminPayment(shop, order.id)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    // the capture's notice is reconciled first, so its status query and refund search spend none of a test's faults
    await notificationsProcessed(suite)
    return { shop, order, payment }
  }

  it("a capture whose answer was lost is settled once: confirmed at once or on the admin's retry", async () => {
    const shop = await openShop()
    const { order, paid } = await placeDirectOrder(shop)
    const { transaction_id: transactionId, order_no: orderNo } = paid.data
    const payment = await adminPayment(shop, order.id)

    await sandbox.injectFault({
      operation: "capture",
      kind: "connection_reset",
      after_processing: true,
    })
    const first = await shop.admin.post(
      `/admin/payments/${payment.id}/capture`,
      {}
    )
    // It took effect at the service although the answer never came back.
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      state: "captured",
      captured_amount: "15.00",
    })
    if (first.status !== 200) {
      const retried = await shop.admin.post(
        `/admin/payments/${payment.id}/capture`,
        {}
      )
      expect({
        status: retried.status,
        body: retried.status === 200 ? "" : retried.text,
      }).toEqual({ status: 200, body: "" })
    }

    expect((await adminPayment(shop, order.id)).captures).toHaveLength(1)
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      state: "captured",
      captured_amount: "15.00",
    })
    const accepted = (
      await requestsFor("capture", orderNo, "capture_orders")
    ).filter((r) => r.status === 200 && !r.fault)
    expect(accepted.length).toBeLessThanOrEqual(1)
  })

  it("an authorisation whose answer was lost is confirmed by the status query, not sent again", async () => {
    const shop = await openShop()
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
    await sandbox.injectFault({
      operation: "authorise",
      kind: "connection_reset",
      after_processing: true,
    })

    const answer = await submitCard(shop, session.id, CARDS.approved)
    // Not a refusal: the outcome is unknown to the plugin.
    expect([400, 402]).not.toContain(answer.status)
    expect(answer.text).not.toContain(CARDS.approved)

    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    const tx = await sandbox.transaction(payment.data.transaction_id)
    expect(tx.state).toBe("authorised")
    const authorizations = (await sandbox.requests("authorise")).filter((r) =>
      String(r.body.order_no ?? "").startsWith(tx.order_no.replace(/-\d+$/, ""))
    )
    expect(authorizations).toHaveLength(1)
  })

  it("a status query answer with a wrong signature is not trusted on the shopper's return; a good one later is", async () => {
    const shop = await openShop()
    const { cart, session, payForm } = await openHostedPage(shop, backendUrl())
    await sandbox.injectFault({
      operation: "retrieval_trans",
      kind: "wrong_signature",
      count: 1,
    })
    // withheld, so the shopper's return is what meets the forged answer (the notification's handling would ask first)
    await sandbox.loseNotifications(1)

    const back = await submitForm(payForm, hostedCardFields(CARDS.approved))
    const landing = new URL(back.leftTo!)
    expect(landing.searchParams.get("status")).not.toBe("authorized")
    const stored = (
      await container()
        .resolve(Modules.PAYMENT)
        .retrievePaymentSession(session.id)
    ).data as any
    expect(stored.status).not.toBe("authorized")

    const order = await expectOrder(shop, cart.id)
    expect((await adminPayment(shop, order.id)).data.status).toBe("authorized")
  })

  it("a refund answer with a wrong signature is settled by the verified refund search: recorded once, never sent twice", async () => {
    const { shop, order, payment } = await capturedOrder()

    await sandbox.injectFault({ operation: "refund", kind: "wrong_signature" })
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/refund`, {
        amount: 5,
      }),
      200,
      "refund"
    )
    const after = await adminPayment(shop, order.id)
    expect(after.refunds).toHaveLength(1)
    expect(after.data.refunds).toEqual([
      expect.objectContaining({
        refund_reference_id: `${payment.data.transaction_id}-01`,
        amount: "5.00",
      }),
    ])
    const tx = await sandbox.transaction(payment.data.transaction_id)
    expect(tx.refunds.map((r: any) => r.refund_amount)).toEqual(["5.00"])
  })

  it("a refund whose outcome cannot be verified stays unsettled: nothing recorded, and no second refund is sent meanwhile", async () => {
    const { shop, order, payment } = await capturedOrder()

    await sandbox.injectFault({ operation: "refund", kind: "wrong_signature" })
    await sandbox.injectFault({
      operation: "retrieval_refund",
      kind: "wrong_signature",
      count: 5,
    })
    const refund = await shop.admin.post(
      `/admin/payments/${payment.id}/refund`,
      { amount: 5 }
    )
    expect(refund.status).toBe(400)
    expect(refund.text).toMatch(/its outcome is being confirmed/)
    expect((await adminPayment(shop, order.id)).refunds ?? []).toHaveLength(0)
    // while that refund is unsettled, no second refund is sent
    const again = await shop.admin.post(
      `/admin/payments/${payment.id}/refund`,
      { amount: 5 }
    )
    expect(again.status).toBe(400)
    expect(again.text).toMatch(
      /earlier refund of this payment \(5\.00 USD\) is still being confirmed/
    )
    const tx = await sandbox.transaction(payment.data.transaction_id)
    expect(tx.refunds.map((r: any) => r.refund_amount)).toEqual(["5.00"])
  })
}
