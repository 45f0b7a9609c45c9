/**
 * Paying with a method through the hosted page, as a storefront and a
 * shopper do: the hosted provider's session created with the method, the
 * acquirer's page followed to that method's own page.
 */
import {
  HOSTED_PROVIDER,
  type AcquiringSuite,
  type Shop,
} from "./acquiring-suite"
import { adminOrder, expectOrder } from "./checkout"
import { formsOf, submitForm } from "../../dev/store-client/browser"
import { expectStatus } from "../../dev/store-client/http-client"
import {
  openPaymentSession,
  SHOPPER_DEVICE,
} from "../../dev/store-client/storefront"

const DAY_MS = 24 * 60 * 60 * 1000

export function hostedMethods({ sandbox, backendUrl }: AcquiringSuite) {
  /** A hosted session opened on `method`, its page followed to the method's own page. */
  async function methodPage(shop: Shop, method: string, quantity = 1) {
    const cart = await shop.readyCart({ quantity })
    const { session, answer } = await openPaymentSession(
      shop.store,
      cart.id,
      HOSTED_PROVIDER,
      { device: SHOPPER_DEVICE, payment_method: method }
    )
    expectStatus(answer, 200, `hosted session for ${method}`)
    const path = `/store/acquiring/payment-sessions/${session.id}/checkout`
    const page = await shop.store.get(path)
    expectStatus(page, 200, "checkout")
    const [checkoutForm] = formsOf(
      page.text,
      `${backendUrl()}${path}`,
      "checkout-data"
    )
    expect(checkoutForm.inputs.payment_method).toBe(method)
    const onward = await submitForm(checkoutForm)
    const shown = onward.visits.at(-1)!
    expect(shown.status).toBe(200)
    const [payForm] = formsOf(shown.text, shown.url)
    const tx = (await sandbox.transactionByOrderNo(
      checkoutForm.inputs.order_no
    ))!
    return { cart, session, shown, payForm, tx }
  }

  /** A transfer sent from the hosted page and the order made while its money is awaited. */
  async function awaitedTransfer(shop: Shop) {
    const page = await methodPage(shop, "BANK_TRANSFER", 10)
    expect(page.shown.text).toMatch(/I have sent the transfer/)
    const sent = await submitForm(page.payForm, {}, { followRedirects: false })
    expect(sent.visits[0].status).toBe(303)
    const order = await expectOrder(shop, page.cart.id)
    const collection = (await adminOrder(shop, order.id)).payment_collections[0]
    expect(collection.payments ?? []).toEqual([])
    // what the order widget reads to say the transfer is awaited, and since when
    const { order: withSessions } = expectStatus(
      await shop.admin.get(
        `/admin/orders/${order.id}?fields=${[
          "payment_collections.payment_sessions.status",
          "payment_collections.payment_sessions.created_at",
          "payment_collections.payment_sessions.data",
        ].join(",")}`
      ),
      200,
      "order sessions"
    )
    const [awaited] = withSessions.payment_collections[0].payment_sessions
    expect(awaited).toMatchObject({
      status: "pending_authorization",
      data: { payment_method: "BANK_TRANSFER" },
    })
    expect(Date.parse(awaited.created_at)).not.toBeNaN()
    const detail = expectStatus(
      await shop.store.get(
        `/store/acquiring/payment-sessions/${page.session.id}`
      ),
      200,
      "storefront session"
    )
    // what the shopper is told: the amount, and until when the acquirer
    // waits (the sandbox's 7 days from the transfer's request)
    const [attempt] = (await shop.stored(page.session.id)).attempts
    expect(detail.payment_session).toMatchObject({
      status: "pending_authorization",
      data: {
        status: "pending_authorization",
        payment_method: "BANK_TRANSFER",
        transfer: {
          state: "awaited",
          amount: "105.00",
          currency: "USD",
          awaited_until: new Date(
            Date.parse(attempt.at) + 7 * DAY_MS
          ).toISOString(),
        },
      },
    })
    const { transfer_awaited_at } = await sandbox.transaction(
      page.tx.transaction_id
    )
    expect(Date.parse(transfer_awaited_at)).not.toBeNaN()
    expect(
      Date.parse(detail.payment_session.data.transfer.awaited_until)
    ).toBeLessThanOrEqual(Date.parse(transfer_awaited_at) + 7 * DAY_MS)
    return { ...page, order }
  }

  /** The transfer's course as the storefront reads it, by the session route. */
  async function transferCourse(shop: Shop, sessionId: string) {
    const { payment_session } = expectStatus(
      await shop.store.get(`/store/acquiring/payment-sessions/${sessionId}`),
      200,
      "storefront session"
    )
    return { status: payment_session.status, ...payment_session.data.transfer }
  }

  return { methodPage, awaitedTransfer, transferCourse }
}
