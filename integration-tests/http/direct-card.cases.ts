import { Modules } from "@medusajs/framework/utils"
import { type AcquiringSuite, CARD_PROVIDER } from "../helpers/acquiring-suite"
import {
  adminOrder,
  adminPayment,
  cartWithSession,
  expectOrder,
  placeDirectOrder,
  submitCard,
  paidSession,
} from "../helpers/checkout"
import { expectStatus } from "../../dev/store-client/http-client"
import { JPY_REGION, KWD_REGION } from "../../dev/local-stack/seed-store"
import {
  completeCart,
  SHOPPER_DEVICE,
  SHOPPER_EMAIL,
} from "../../dev/store-client/storefront"
import { CARDS, SECURITY_CODE } from "../helpers/test-cards"

/** Direct card entry: approval, capture, refunds, cancel, refusals. */
export function directCardCases({
  sandbox,
  openShop,
  container,
}: AcquiringSuite): void {
  it("approves a card, places the order, captures, refunds twice in part and then the rest", async () => {
    const shop = await openShop()
    // Two totes at 10.00 and 5.00 shipping.
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER, {
      quantity: 2,
    })
    expect(cart.total).toBe(25)

    const answer = await submitCard(shop, session.id, CARDS.approved)
    const { payment_session } = expectStatus(
      answer,
      200,
      "submit approved card"
    )
    expect(answer.text).not.toContain(CARDS.approved)
    expect(answer.text).not.toContain(`"${SECURITY_CODE}"`)
    expect(payment_session.id).toBe(session.id)
    // docs/medusa.md: the storefront sees a whitelist, nothing else
    expect(payment_session.data).toEqual({
      status: "authorized",
      card_masked: "424242******4242",
      payment_method: "CARD",
      result: { code: "0000", text: "Success" },
      three_ds: { result: "FRICTIONLESS" },
    })
    const medusaData = (
      await container()
        .resolve(Modules.PAYMENT)
        .retrievePaymentSession(session.id)
    ).data as Record<string, any>
    // Medusa keeps the storefront view; the rest is in the plugin's table
    expect(medusaData).toEqual({
      session_id: session.id,
      status: "authorized",
      card_masked: "424242******4242",
      payment_method: "CARD",
      result: { code: "0000", text: "Success" },
      three_ds: { result: "FRICTIONLESS" },
    })
    const stored = await shop.stored(session.id)
    expect(stored).toMatchObject({
      status: "authorized",
      amount: "25.00",
      currency: "USD",
    })
    expect(stored.attempts).toHaveLength(1)
    // no admin account: medusa-config's options alone
    expect(stored.account).toEqual({ id: null, mode: "test" })
    expect(stored.order_no).toMatch(/^MED[0-9a-f]{24}$/)
    expect(stored.order_no).not.toContain(session.id.replace("payses_", ""))
    const storedKeys = [
      "session_id",
      "amount",
      "currency",
      "status",
      "attempts",
      "order_no",
      "transaction_id",
      "order_status",
      "result",
      "card_masked",
      "payment_method",
      "three_ds",
      "risk",
      "review",
      "refunds",
      "void_pending",
      "account",
      "cart",
      "device",
      "client",
    ]
    expect(
      Object.keys(stored).filter((key) => !storedKeys.includes(key))
    ).toEqual([])

    const transactionId = stored.transaction_id
    const authorized = await sandbox.transaction(transactionId)
    expect(authorized).toMatchObject({
      state: "authorised",
      amount: "25.00",
      payment_status: "2000",
      card_masked: "424242******4242",
    })
    expect(authorized.currency.toUpperCase()).toBe("USD")

    const order = await expectOrder(shop, cart.id)
    expect(order.total).toBe(25)
    const payment = await adminPayment(shop, order.id)
    expect(payment.provider_id).toBe(CARD_PROVIDER)
    expect(payment.data.transaction_id).toBe(transactionId)

    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      state: "captured",
      payment_status: "3000",
      captured_amount: "25.00",
    })

    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/refund`, {
        amount: 5,
      }),
      200,
      "first partial refund"
    )
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      payment_status: "4100",
      refundable_amount: "20.00",
    })

    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/refund`, {
        amount: 7.5,
      }),
      200,
      "second partial refund"
    )
    const twice = await sandbox.transaction(transactionId)
    expect(twice).toMatchObject({
      payment_status: "4100",
      refundable_amount: "12.50",
    })
    expect(
      twice.refunds.map((r: any) => [r.refund_reference_id, r.refund_amount])
    ).toEqual([
      [`${transactionId}-01`, "5.00"],
      [`${transactionId}-02`, "7.50"],
    ])

    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/refund`, {
        amount: 12.5,
      }),
      200,
      "refund the rest"
    )
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      payment_status: "4000",
      refundable_amount: "0.00",
    })

    const refunded = await adminOrder(shop, order.id)
    expect(refunded.payment_status).toBe("refunded")
    const settled = await adminPayment(shop, order.id)
    expect(
      settled.refunds
        .map((r: any) => Number(r.amount))
        .sort((a: number, b: number) => a - b)
    ).toEqual([5, 7.5, 12.5])
    expect(settled.data.refunds).toHaveLength(3)

    // Nothing left to refund: Medusa or the provider refuses, and no refund reaches the service.
    const refundsSent = (await sandbox.requests("refund")).length
    const over = await shop.admin.post(`/admin/payments/${payment.id}/refund`, {
      amount: 1,
    })
    expect(over.status).toBeGreaterThanOrEqual(400)
    expect((await sandbox.requests("refund")).length).toBe(refundsSent)
    expect((await sandbox.transaction(transactionId)).refunds).toHaveLength(3)
  })

  it("sends amounts with the currency's minor digits (KWD has three)", async () => {
    const shop = await openShop([KWD_REGION])
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER, {
      currency: "kwd",
    })
    // 1.25 KWD tote and 0.5 KWD shipping.
    expect(cart.total).toBe(1.75)
    const { payment_session } = expectStatus(
      await submitCard(shop, session.id, CARDS.approved),
      200,
      "submit card"
    )
    const kwd = await shop.stored(payment_session.id)
    expect(kwd.amount).toBe("1.750")
    const transactionId = kwd.transaction_id
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      amount: "1.750",
    })
    expect(
      (await sandbox.transaction(transactionId)).currency.toUpperCase()
    ).toBe("KWD")

    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/refund`, {
        amount: 0.125,
      }),
      200,
      "refund"
    )
    const refunded = await sandbox.transaction(transactionId)
    expect(refunded.refunds.map((r: any) => r.refund_amount)).toEqual(["0.125"])
    expect(refunded.refundable_amount).toBe("1.625")
  })

  it("sends JPY amounts without decimals", async () => {
    const shop = await openShop([JPY_REGION])
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER, {
      currency: "jpy",
      quantity: 3,
    })
    // Three totes at 1500 JPY and 500 JPY shipping.
    expect(cart.total).toBe(5000)
    const { payment_session } = expectStatus(
      await submitCard(shop, session.id, CARDS.approved),
      200,
      "submit card"
    )
    const jpy = await shop.stored(payment_session.id)
    expect(jpy.amount).toBe("5000")
    const [authorise] = (await sandbox.requests("authorise")).filter(
      (r) => r.body.order_no === jpy.order_no
    )
    expect(authorise.body).toMatchObject({
      amount: "5000",
      item_total: "4500",
      shipping: "500",
    })
    expect(String(authorise.body.currency).toUpperCase()).toBe("JPY")
    await expectOrder(shop, cart.id)
  })

  it("answers a declined card with 402 and the gateway's E0008, places no order, and lets the shopper try another card", async () => {
    const shop = await openShop()
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)

    const declined = await submitCard(shop, session.id, CARDS.declined)
    expect(declined.status).toBe(402)
    expect(declined.data.message).toMatch(/E0008/)
    expect(declined.text).not.toContain(CARDS.declined)

    const refused = await completeCart(shop.store, cart.id)
    expect(refused.status === 200 ? refused.data.type : "error").not.toBe(
      "order"
    )

    const retried = expectStatus(
      await submitCard(shop, session.id, CARDS.approved),
      200,
      "second card"
    )
    expect(retried.payment_session.data.status).toBe("authorized")
    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    expect((await sandbox.transaction(payment.data.transaction_id)).state).toBe(
      "authorised"
    )
  })

  it("answers a risk rejection with 402 and E0009", async () => {
    const shop = await openShop()
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
    const rejected = await submitCard(shop, session.id, CARDS.riskRejected)
    expect(rejected.status).toBe(402)
    expect(rejected.data.message).toMatch(/E0009/)
    const refused = await completeCart(shop.store, cart.id)
    expect(refused.status === 200 ? refused.data.type : "error").not.toBe(
      "order"
    )
  })

  it("answers a malformed card field with 400 naming the field, before anything reaches the service", async () => {
    const shop = await openShop()
    const { session } = await cartWithSession(shop, CARD_PROVIDER)
    const authorizations = (await sandbox.requests("authorise")).length

    const noCode = await shop.store.post(
      `/store/acquiring/payment-sessions/${session.id}/card`,
      {
        card: {
          number: CARDS.approved,
          expiry_month: "12",
          expiry_year: "2031",
        },
      }
    )
    expect(noCode.status).toBe(400)
    expect(noCode.text).toMatch(/security_code/)
    expect(noCode.text).not.toContain(CARDS.approved)

    const badMonth = await shop.store.post(
      `/store/acquiring/payment-sessions/${session.id}/card`,
      {
        card: {
          number: CARDS.approved,
          expiry_month: "13",
          expiry_year: "2031",
          security_code: SECURITY_CODE,
        },
      }
    )
    expect(badMonth.status).toBe(400)
    expect(badMonth.text).toMatch(/expiry_month/)
    expect((await sandbox.requests("authorise")).length).toBe(authorizations)
  })

  it("voids the authorisation when the order is cancelled before capture", async () => {
    const shop = await openShop()
    const { order, paid } = await placeDirectOrder(shop)
    const transactionId = paid.data.transaction_id

    expectStatus(
      await shop.admin.post(`/admin/orders/${order.id}/cancel`, {}),
      200,
      "cancel order"
    )
    expect(await sandbox.transaction(transactionId)).toMatchObject({
      state: "voided",
      payment_status: "1100",
    })
    const payment = await adminPayment(shop, order.id)
    expect(payment.canceled_at).toBeTruthy()
    expect(payment.captured_at ?? null).toBeNull()
  })

  it("a shopper who pays and then switches to the hosted page before the approval's notification arrives gets the dropped session's authorisation voided", async () => {
    const shop = await openShop()
    const { collectionId, session } = await cartWithSession(shop, CARD_PROVIDER)
    // once it arrives, the notification places the order (the next case): held back here
    await sandbox.loseNotifications(1)
    const paid = await paidSession(
      shop,
      await submitCard(shop, session.id, CARDS.approved),
      "card"
    )
    // Medusa deletes the collection's sessions before it creates the new one
    const switched = await shop.store.post(
      `/store/payment-collections/${collectionId}/payment-sessions`,
      {
        provider_id: "pp_acquiring-hosted_acquiring",
        data: { device: SHOPPER_DEVICE },
      }
    )
    expectStatus(switched, 200, "hosted session")
    expect(await sandbox.transaction(paid.data.transaction_id)).toMatchObject({
      state: "voided",
      payment_status: "1100",
    })
  })

  it("once the order is placed, a new payment session on its collection is refused and the payment stands", async () => {
    const shop = await openShop()
    const { cart, collectionId, session } = await cartWithSession(
      shop,
      CARD_PROVIDER
    )
    const paid = await paidSession(
      shop,
      await submitCard(shop, session.id, CARDS.approved),
      "card"
    )
    const order = await expectOrder(shop, cart.id)

    const again = await shop.store.post(
      `/store/payment-collections/${collectionId}/payment-sessions`,
      {
        provider_id: CARD_PROVIDER,
        data: { device: SHOPPER_DEVICE },
      }
    )
    expect(again.status).toBe(409)
    expect(again.text).toMatch(/already paid/)
    expect((await sandbox.transaction(paid.data.transaction_id)).state).toBe(
      "authorised"
    )
    const payment = await adminPayment(shop, order.id)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    expect((await sandbox.transaction(paid.data.transaction_id)).state).toBe(
      "captured"
    )
  })

  it("eight session creations at once on one collection (a double-clicked Pay) all succeed and leave one live session", async () => {
    const shop = await openShop()
    const { cart, collectionId } = await cartWithSession(shop, CARD_PROVIDER)
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        shop.store.post(
          `/store/payment-collections/${collectionId}/payment-sessions`,
          { provider_id: CARD_PROVIDER, data: { device: SHOPPER_DEVICE } }
        )
      )
    )
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200))
    const sessions = await container()
      .resolve(Modules.PAYMENT)
      .listPaymentSessions({ payment_collection_id: collectionId })
    expect(sessions).toHaveLength(1)
    const paid = await paidSession(
      shop,
      await submitCard(shop, sessions[0]!.id, CARDS.approved),
      "card"
    )
    expect(paid.status).toBe("authorized")
    await expectOrder(shop, cart.id)
  })

  it("validates the storefront's device data, refuses a card and drops a spoofed cart from the session data", async () => {
    const shop = await openShop()
    const cart = await shop.readyCart()
    const { payment_collection } = expectStatus(
      await shop.store.post("/store/payment-collections", { cart_id: cart.id }),
      200,
      "collection"
    )
    const sessions = `/store/payment-collections/${payment_collection.id}/payment-sessions`

    const badDevice = await shop.store.post(sessions, {
      provider_id: CARD_PROVIDER,
      data: { device: { ...SHOPPER_DEVICE, time_zone: "somewhere nice" } },
    })
    expect(badDevice.status).toBe(400)
    expect(badDevice.text).toMatch(/data\.device\.time_zone/)

    // values Medusa's own validator would fail to write into its message (a 500 once): 400 naming the field
    for (const [body, field] of [
      [
        { provider_id: CARD_PROVIDER, data: [{ toString: {} }] },
        "data[0].toString",
      ],
      [{ provider_id: { toString: {} } }, "provider_id.toString"],
      // a string PostgreSQL cannot store, refused by the same check
      [
        { provider_id: CARD_PROVIDER, data: { device: { os: "iOS\u0000" } } },
        "data.device.os",
      ],
    ] as const) {
      const refused = await shop.store.post(sessions, body)
      expect({ status: refused.status, field }).toEqual({ status: 400, field })
      expect(refused.text).toContain(field)
    }

    // a card in the session's data is refused before Medusa's workflow sees it, naming the field
    const withCard = await shop.store.post(sessions, {
      provider_id: CARD_PROVIDER,
      data: {
        device: SHOPPER_DEVICE,
        card: { number: CARDS.approved, security_code: SECURITY_CODE },
      },
    })
    expect(withCard.status).toBe(400)
    expect(withCard.data.message).toContain("data.card.number: ")
    expect(withCard.text).not.toContain(CARDS.approved)
    // what is not card data but not the client's to set (the cart, the security code alone) is dropped
    const spoofed = await shop.store.post(sessions, {
      provider_id: CARD_PROVIDER,
      data: {
        device: SHOPPER_DEVICE,
        cart: { email: "mallory@example.test", totals: { total: "0.01" } },
        card: { security_code: SECURITY_CODE },
      },
    })
    const collection = expectStatus(
      spoofed,
      200,
      "session with spoofed data"
    ).payment_collection
    const session = collection.payment_sessions.find(
      (s: any) => s.provider_id === CARD_PROVIDER
    )
    expect(spoofed.text).not.toContain(CARDS.approved)
    const medusaData = (
      await container()
        .resolve(Modules.PAYMENT)
        .retrievePaymentSession(session.id)
    ).data as any
    expect(medusaData).toEqual({ session_id: session.id, status: "pending" })
    const stored = await shop.stored(session.id)
    expect(stored).not.toHaveProperty("card")
    expect(stored.cart.email).toBe(SHOPPER_EMAIL)

    const paid = expectStatus(
      await submitCard(shop, session.id, CARDS.approved),
      200,
      "card"
    )
    const paidOrderNo = (await shop.stored(paid.payment_session.id)).order_no
    const [authorise] = (await sandbox.requests("authorise")).filter(
      (r) => r.body.order_no === paidOrderNo
    )
    expect(authorise.body).toMatchObject({
      shopper_email: SHOPPER_EMAIL,
      amount: "15.00",
    })
  })

  it("a card submitted again after approval is not charged again", async () => {
    const shop = await openShop()
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
    const first = await paidSession(
      shop,
      await submitCard(shop, session.id, CARDS.approved),
      "first submit"
    )
    const again = await submitCard(shop, session.id, CARDS.approved)
    expect(again.status).toBeLessThan(500)
    const attempts = await sandbox.transactionsOf(
      (await shop.stored(session.id)).attempts.map((a: any) => a.order_no)
    )
    expect(attempts.map((tx) => tx.state)).toEqual(["authorised"])
    const order = await expectOrder(shop, cart.id)
    expect((await adminPayment(shop, order.id)).data.transaction_id).toBe(
      first.data.transaction_id
    )
  })

  it("a double click on Pay (two card submits at once) leaves one live authorisation, the one the order uses", async () => {
    const shop = await openShop()
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
    const answers = await Promise.all([
      submitCard(shop, session.id, CARDS.approved),
      submitCard(shop, session.id, CARDS.approved),
    ])
    expect(answers.some((a) => a.status === 200)).toBe(true)

    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    // the session's lock serialises the two submits: the second finds the session paid
    const ours: string[] = (await shop.stored(session.id)).attempts.map(
      (a: any) => a.order_no
    )
    const sent = (await sandbox.requests("authorise")).filter((r) =>
      ours.includes(r.body.order_no)
    )
    expect(sent).toHaveLength(1)
    const attempts = (
      await Promise.all(ours.map((no) => sandbox.transactionByOrderNo(no)))
    ).filter(Boolean) as any[]
    const live = attempts.filter(
      (tx) => tx.state === "authorised" || tx.state === "captured"
    )
    expect(live.map((tx) => tx.transaction_id)).toEqual([
      payment.data.transaction_id,
    ])
  })
}
