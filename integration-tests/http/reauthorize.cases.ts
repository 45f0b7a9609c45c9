/*
 * Re-authorising a lapsed payment with the customer's saved card, from the
 * admin: a signed-in customer pays keeping the card, the authorisation
 * lapses (the sandbox ages it, the lapse job cancels the payment), and the
 * merchant authorises what the order owes again with the stored card
 * (merchant-initiated: the token, no security code). A payment made with a
 * typed card that was not kept is refused, pointing at a payment link.
 */
import { lapsePayment, orderPaidByCustomer } from "../helpers/lapsed-payments"
import {
  type AcquiringSuite,
  CARD_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import { adminOrder, acquiringPaymentDetail } from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import { expectStatus } from "../../dev/store-client/http-client"
import { pendingDifference } from "../helpers/payment-links"
import { settle } from "../helpers/settlement"

export function reauthorizeCases(suite: AcquiringSuite) {
  const { sandbox } = suite
  const paidOrder = (email: string, keep: boolean) =>
    orderPaidByCustomer(suite, email, keep)
  const lapse = (shop: Shop, orderId: string, payment: any) =>
    lapsePayment(suite, shop, orderId, payment)

  const reauthorize = (shop: Shop, paymentId: string) =>
    shop.admin.post(`/admin/acquiring/payments/${paymentId}/reauthorise`, {})

  const detail = acquiringPaymentDetail

  it("authorises what the order owes again with the kept card, once", async () => {
    const { shop, order, payment } = await paidOrder(
      "reauth-keeper@example.test",
      true
    )
    const amount = payment.data.amount as string
    expect((await detail(shop, payment.id)).reauthorisable).toBe(false)

    // before it lapsed: nothing to re-authorise
    const early = await reauthorize(shop, payment.id)
    expect(early.status).toBe(409)
    expect(early.data.message).toBe(
      "This payment's authorisation has not lapsed: it can still be captured as it is."
    )

    await lapse(shop, order.id, payment)
    expect(await detail(shop, payment.id)).toMatchObject({
      status: "canceled",
      lapsed_at: expect.any(String),
      reauthorisable: true,
      reauthorisation: { amount, currency: "USD" },
      saved_card: { kept: true },
    })

    const before = (await sandbox.requests("authorise")).length
    const answer = expectStatus(
      await reauthorize(shop, payment.id),
      200,
      "re-authorise"
    )
    expect(answer).toMatchObject({
      payment_session_id: expect.stringMatching(/^payses_/),
      status: "authorized",
    })

    // one authorise, with the kept card's token and no typed card (the log drops any security code)
    const sent = (await sandbox.requests("authorise")).slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0].body).toMatchObject({
      token_id: expect.stringMatching(/^\*\*\*\*.{4}$/),
      card: "",
    })
    expect(sent[0].summary).not.toMatch(/E0/)

    // the new payment stands on the order, authorised for what was owed
    const fresh = await eventually("the re-authorised payment", async () => {
      const got = await adminOrder(shop, order.id)
      const payments = got.payment_collections.flatMap(
        (c: any) => c.payments ?? []
      )
      return payments.find((p: any) => p.id !== payment.id && !p.canceled_at)
    })
    expect(fresh.provider_id).toBe(CARD_PROVIDER)
    expect(Number(fresh.amount)).toBe(Number(amount))

    // a second click: the order owes nothing now
    const again = await reauthorize(shop, payment.id)
    expect(again.status).toBe(409)
    expect(again.data.message).toBe(
      `Order #${order.display_id} owes nothing: what it costs is paid or authorised.`
    )
    expect((await sandbox.requests("authorise")).length).toBe(before + 1)
    expect((await detail(shop, payment.id)).reauthorisable).toBe(false)

    expectStatus(
      await shop.admin.post(`/admin/payments/${fresh.id}/capture`, {}),
      200,
      "capture the new payment"
    )
    expect(await pendingDifference(shop, order.id)).toBe(0)
  })

  it("authorises once for two clicks at once (two admins, or a double click)", async () => {
    const { shop, order, payment } = await paidOrder(
      "reauth-twice@example.test",
      true
    )
    await lapse(shop, order.id, payment)
    const before = (await sandbox.requests("authorise")).length

    const answers = await Promise.all([
      reauthorize(shop, payment.id),
      reauthorize(shop, payment.id),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const refused = answers.find((a) => a.status === 409)!
    expect(refused.data.message).toBe(
      `Order #${order.display_id} owes nothing: what it costs is paid or authorised.`
    )
    const sent = (await sandbox.requests("authorise")).slice(before)
    expect(sent).toHaveLength(1)

    // once settled: one live payment on the order, the acquirer holding its authorisation
    await settle(suite)
    const got = await adminOrder(shop, order.id)
    const live = got.payment_collections
      .flatMap((c: any) => c.payments ?? [])
      .filter((p: any) => p.id !== payment.id && !p.canceled_at)
    expect(live).toHaveLength(1)
    expect(
      await sandbox.transactionByOrderNo(String(sent[0].body.order_no))
    ).toMatchObject({ state: "authorised", amount: payment.data.amount })
  })

  it("refuses a payment made with a card that was not kept, naming the payment link", async () => {
    const { shop, order, payment } = await paidOrder(
      "reauth-typed@example.test",
      false
    )
    await lapse(shop, order.id, payment)
    expect((await detail(shop, payment.id)).reauthorisable).toBe(false)
    const before = (await sandbox.requests("authorise")).length
    const refused = await reauthorize(shop, payment.id)
    expect(refused.status).toBe(409)
    expect(refused.data.message).toBe(
      "This payment did not use a saved card: send the customer a payment link instead."
    )
    expect((await sandbox.requests("authorise")).length).toBe(before)
  })
}
