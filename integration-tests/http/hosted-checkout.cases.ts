import {
  type AcquiringSuite,
  HOSTED_PROVIDER,
  REOPEN_GUARD_MS,
} from "../helpers/acquiring-suite"
import { formsOf, submitForm } from "../../dev/store-client/browser"
import {
  adminPayment,
  cartWithSession,
  expectOrder,
  hostedCardFields,
  openHostedPage,
  submitCard,
} from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import { expectStatus } from "../../dev/store-client/http-client"
import { completeCart } from "../../dev/store-client/storefront"
import { CARDS } from "../helpers/test-cards"
import { STOREFRONT_RETURN_URL } from "../../dev/local-stack/app-constants"

/** The hosted payment page: notification, browser return, shopper cancel, forged return. */
export function hostedCheckoutCases({
  sandbox,
  openShop,
  backendUrl,
  container,
}: AcquiringSuite): void {
  /** The plugin's state of the session (its table, not Medusa's storefront view). */
  const sessionData = async (id: string) => {
    const states = await container()
      .resolve<{
        readSessionStates(ids: string[]): Promise<Map<string, any>>
      }>("acquiring")
      .readSessionStates([id])
    return states.get(id)
  }

  it("serves the service's page unchanged, with the order's amount and addresses", async () => {
    const shop = await openShop()
    const { checkout, checkoutForm, session } = await openHostedPage(
      shop,
      backendUrl()
    )
    expect(checkout.text).toMatch(/<form name="theForm"/)
    expect(checkoutForm.action).toBe(`${sandbox.url()}/checkout`)
    const inputs = checkoutForm.inputs
    expect(inputs.amount).toBe("15.00")
    expect(inputs.orderAmount).toBe("15.00")
    expect(inputs.shopper_email).toBe("ada.shopper@example.test")
    expect(inputs.notify_url).toBe(
      `${backendUrl()}/hooks/payment/acquiring-hosted_acquiring`
    )
    // the browser-facing URL carries the attempt's random token, never the session id
    expect(inputs.order_no).toMatch(/^MED[0-9a-f]{24}$/)
    expect(inputs.return_url).toBe(
      `${backendUrl()}/acquiring/return/${inputs.order_no.slice(3)}`
    )
    expect(inputs.return_url).not.toContain(session.id)
    const tx = await sandbox.transactionByOrderNo(inputs.order_no)
    expect(tx).toMatchObject({
      state: "awaiting_card",
      channel: "hosted",
      amount: "15.00",
    })
  })

  it("refuses a card sent for a hosted session, without contacting the service", async () => {
    const shop = await openShop()
    const { session } = await cartWithSession(shop, HOSTED_PROVIDER)
    const before = (await sandbox.requests("authorise")).length
    const answer = await submitCard(shop, session.id, CARDS.approved)
    expect(answer.status).toBe(400)
    expect(answer.text).not.toContain(CARDS.approved)
    expect((await sandbox.requests("authorise")).length).toBe(before)
  })

  it("completes the cart from the notification alone when the shopper never comes back", async () => {
    const shop = await openShop()
    const { cart, session, payForm, checkoutForm } = await openHostedPage(
      shop,
      backendUrl()
    )
    const paid = await submitForm(payForm, hostedCardFields(CARDS.approved), {
      followRedirects: false,
    })
    expect(paid.visits[0].status).toBe(303)

    const tx = (await sandbox.transactionByOrderNo(
      checkoutForm.inputs.order_no
    ))!
    expect(tx.state).toBe("authorised")
    const delivered = await eventually(
      "the payment notification to be delivered",
      async () => {
        const [notification] = await sandbox.notifications(tx.transaction_id)
        return notification?.state === "delivered" ? notification : undefined
      }
    )
    expect(delivered.url).toBe(
      `${backendUrl()}/hooks/payment/acquiring-hosted_acquiring`
    )
    expect(delivered.attempts.at(-1)?.status).toBe(200)

    // Medusa processes webhooks about 5 s after they arrive.
    await eventually(
      "Medusa to complete the cart",
      async () => {
        const answer = await shop.store.get(`/store/carts/${cart.id}`)
        return answer.data?.cart?.completed_at ? true : undefined
      },
      30_000
    )
    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    expect(payment.provider_id).toBe(HOSTED_PROVIDER)
    expect(payment.data).toMatchObject({
      transaction_id: tx.transaction_id,
      status: "authorized",
      session_id: session.id,
    })

    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    expect(await sandbox.transaction(tx.transaction_id)).toMatchObject({
      state: "captured",
      payment_status: "3000",
    })
  })

  it("on the shopper's return confirms with the status query, then sends them to the storefront", async () => {
    const shop = await openShop()
    const { cart, session, payForm, checkoutForm } = await openHostedPage(
      shop,
      backendUrl()
    )
    const queriesBefore = (await sandbox.requests("retrieval_trans")).length

    const back = await submitForm(payForm, hostedCardFields(CARDS.approved))
    expect(back.visits.map((v) => v.status)).toEqual([303, 303])
    expect(back.leftTo).toBeDefined()
    const landing = new URL(back.leftTo!)
    expect(`${landing.origin}${landing.pathname}`).toBe(STOREFRONT_RETURN_URL)
    expect(landing.searchParams.get("attempt")).toBe(
      checkoutForm.inputs.order_no.slice(3)
    )
    expect(landing.searchParams.has("session_id")).toBe(false)
    expect(landing.searchParams.get("status")).toBe("authorized")

    const queries = (await sandbox.requests("retrieval_trans")).slice(
      queriesBefore
    )
    expect(queries.length).toBeGreaterThanOrEqual(1)
    const tx = (await sandbox.transactionByOrderNo(
      checkoutForm.inputs.order_no
    ))!
    expect(
      queries.some((q) =>
        [q.body.orders, q.body.trades]
          .join(",")
          .includes(q.body.orders ? tx.order_no : tx.transaction_id)
      )
    ).toBe(true)
    expect(await sessionData(session.id)).toMatchObject({
      status: "authorized",
      transaction_id: tx.transaction_id,
    })

    const order = await expectOrder(shop, cart.id)
    expect((await adminPayment(shop, order.id)).data.transaction_id).toBe(
      tx.transaction_id
    )
  })

  it("a card that needs 3-D Secure on the hosted page: challenge passed in the browser, back to the storefront, order", async () => {
    const shop = await openShop()
    const { cart, session, payForm, checkoutForm } = await openHostedPage(
      shop,
      backendUrl()
    )
    const challenge = await submitForm(
      payForm,
      hostedCardFields(CARDS.challenge)
    )
    const page = challenge.visits.at(-1)!
    expect(page.status).toBe(200)
    const pass = formsOf(page.text, page.url).find(
      (f) => f.inputs.outcome === "pass"
    )!

    const back = await submitForm(pass)
    const landing = new URL(back.leftTo!)
    expect(`${landing.origin}${landing.pathname}`).toBe(STOREFRONT_RETURN_URL)
    expect(landing.searchParams.get("status")).toBe("authorized")
    const tx = (await sandbox.transactionByOrderNo(
      checkoutForm.inputs.order_no
    ))!
    expect(tx).toMatchObject({
      state: "authorised",
      threeds_result: "AUTHENTICATED",
    })
    expect((await sessionData(session.id)).three_ds).toMatchObject({
      result: "AUTHENTICATED",
    })

    const order = await expectOrder(shop, cart.id)
    expect((await adminPayment(shop, order.id)).data.transaction_id).toBe(
      tx.transaction_id
    )
  })

  it("opening the hosted page again (a reload) still leads to one payment and the order", async () => {
    const shop = await openShop()
    const { cart, session } = await openHostedPage(shop, backendUrl())
    const path = `/store/acquiring/payment-sessions/${session.id}/checkout`
    // a page opened moments ago is taken for another tab's; a reload after that starts over
    await shop.backdateAttempts(session.id, REOPEN_GUARD_MS + 500)
    const reload = await shop.store.get(path)
    expect({
      status: reload.status,
      body: reload.status === 200 ? "" : reload.text,
    }).toEqual({ status: 200, body: "" })
    const [form] = formsOf(
      reload.text,
      `${backendUrl()}${path}`,
      "checkout-data"
    )
    const cardPage = (await submitForm(form)).visits.at(-1)!
    const [payForm] = formsOf(cardPage.text, cardPage.url)
    const back = await submitForm(payForm, hostedCardFields(CARDS.approved))
    expect(new URL(back.leftTo!).searchParams.get("status")).toBe("authorized")

    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    const attempts = await sandbox.transactionsOf(
      (await shop.stored(session.id)).attempts.map((a: any) => a.order_no)
    )
    const authorized = attempts.filter((tx) => tx.state === "authorised")
    expect(authorized).toHaveLength(1)
    // The payment names the attempt that was paid, so the admin can capture it.
    expect(payment.data).toMatchObject({
      order_no: authorized[0].order_no,
      transaction_id: authorized[0].transaction_id,
    })
    const capture = await shop.admin.post(
      `/admin/payments/${payment.id}/capture`,
      {}
    )
    expect({
      status: capture.status,
      body: capture.status === 200 ? "" : capture.text,
    }).toEqual({ status: 200, body: "" })
    expect(
      (await sandbox.transaction(authorized[0].transaction_id)).state
    ).toBe("captured")
  })

  it("after the hosted page was opened again, the first page can no longer take a payment", async () => {
    const shop = await openShop()
    const { session, payForm: oldTab } = await openHostedPage(
      shop,
      backendUrl()
    )
    const path = `/store/acquiring/payment-sessions/${session.id}/checkout`
    await shop.backdateAttempts(session.id, REOPEN_GUARD_MS + 500)
    const reload = expectStatus(
      await shop.store.get(path),
      200,
      "reopen the hosted page"
    ) as string
    const [form] = formsOf(reload, `${backendUrl()}${path}`, "checkout-data")
    const [newTab] = formsOf(
      (await submitForm(form)).visits.at(-1)!.text,
      `${sandbox.url()}/checkout`
    )

    await submitForm(newTab, hostedCardFields(CARDS.approved))
    await submitForm(oldTab, hostedCardFields(CARDS.approved))
    const attempts = await sandbox.transactionsOf(
      (await shop.stored(session.id)).attempts.map((a: any) => a.order_no)
    )
    expect(attempts.filter((tx) => tx.state === "authorised")).toHaveLength(1)
  })

  it("when the shopper cancels on the hosted page, sends them to the storefront's return page with status=canceled and places no order", async () => {
    const shop = await openShop()
    const { cart, cancelForm, checkoutForm } = await openHostedPage(
      shop,
      backendUrl()
    )
    const back = await submitForm(cancelForm)
    const landing = new URL(back.leftTo!)
    // no storefront_cancel_url in the test app's options: the return page takes the cancel too
    expect(`${landing.origin}${landing.pathname}`).toBe(STOREFRONT_RETURN_URL)
    expect(landing.searchParams.get("attempt")).toBe(
      checkoutForm.inputs.order_no.slice(3)
    )
    expect(landing.searchParams.has("session_id")).toBe(false)
    expect(landing.searchParams.get("status")).toBe("canceled")
    expect(
      (await sandbox.transactionByOrderNo(checkoutForm.inputs.order_no))!.state
    ).toBe("voided")

    const refused = await completeCart(shop.store, cart.id)
    expect(refused.status === 200 ? refused.data.type : "error").not.toBe(
      "order"
    )
  })

  it("a forged browser return claiming success changes nothing", async () => {
    const shop = await openShop()
    const { cart, session, checkoutForm } = await openHostedPage(
      shop,
      backendUrl()
    )
    const tx = (await sandbox.transactionByOrderNo(
      checkoutForm.inputs.order_no
    ))!
    const forged = new URL(checkoutForm.inputs.return_url)
    for (const [name, value] of Object.entries({
      merchant_id: sandbox.account.merchant_id,
      account_id: sandbox.account.account_id,
      transaction_id: tx.transaction_id,
      order_no: tx.order_no,
      currency: tx.currency,
      amount: tx.amount,
      order_status: "1",
      result_info: "0000:Success",
      encryption_data: "ab".repeat(32),
    })) {
      forged.searchParams.set(name, value)
    }
    const answer = await fetch(forged, { redirect: "manual" })
    expect(answer.status).toBe(303)
    const landing = new URL(answer.headers.get("location")!)
    expect(landing.searchParams.get("status")).not.toBe("authorized")
    expect((await sessionData(session.id)).status).not.toBe("authorized")
    expect((await sandbox.transaction(tx.transaction_id)).state).toBe(
      "awaiting_card"
    )

    const refused = await completeCart(shop.store, cart.id)
    expect(refused.status === 200 ? refused.data.type : "error").not.toBe(
      "order"
    )
  })

  it("two tabs opening the hosted page at once: one page stays payable, the other tab is told so", async () => {
    const shop = await openShop()
    const { cart, session } = await cartWithSession(shop, HOSTED_PROVIDER)
    const path = `/store/acquiring/payment-sessions/${session.id}/checkout`
    const [a, b] = await Promise.all([
      shop.store.get(path),
      shop.store.get(path),
    ])
    const opened = [a, b].filter((answer) => answer.status === 200)
    const refused = [a, b].filter((answer) => answer.status !== 200)
    expect(opened).toHaveLength(1)
    expect(refused).toHaveLength(1)
    expect(refused[0].status).toBe(400)
    expect(refused[0].data.message).toMatch(
      /opened moments ago, probably in another tab/
    )
    expect(refused[0].data.message).not.toMatch(/already paid/)

    const [form] = formsOf(
      opened[0].text,
      `${backendUrl()}${path}`,
      "checkout-data"
    )
    const cardPage = (await submitForm(form)).visits.at(-1)!
    const [payForm] = formsOf(cardPage.text, cardPage.url)
    const back = await submitForm(payForm, hostedCardFields(CARDS.approved))
    expect(new URL(back.leftTo!).searchParams.get("status")).toBe("authorized")
    await expectOrder(shop, cart.id)
  })
}
