/*
 * Saved cards: a signed-in customer keeps a card by asking (save_card) on
 * the first payment, then pays with it by its id and the security code
 * typed again. Only the owner lists, uses or deletes it; the acquirer's
 * token never reaches a store answer or a log.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  acquiringSuite,
  CARD_PROVIDER,
  HOSTED_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import {
  adminPayment,
  cartWithSession,
  expectOrder,
  hostedCardFields,
} from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import { submitForm, formsOf } from "../../dev/store-client/browser"
import {
  expectStatus,
  type HttpAnswer,
  type HttpClient,
} from "../../dev/store-client/http-client"
import { cardBody, CARDS } from "../helpers/test-cards"
import { customerToken, storeAs } from "../helpers/store-callers"
import { notificationsProcessed, runReconcileJob } from "../helpers/settlement"
import { budget } from "../setup/time-budget"

const CODE = "123"

jest.setTimeout(budget(180_000))

acquiringSuite((suite) => {
  const { sandbox, openShop, backendUrl, container, logs } = suite
  /** Every store answer of a test, searched for the token at the end. */
  let answers: HttpAnswer[] = []
  beforeEach(() => {
    answers = []
  })

  /** A store client that keeps every answer it got. */
  function recorded(client: HttpClient): HttpClient {
    const keep = async (answer: Promise<HttpAnswer>) => {
      const got = await answer
      answers.push(got)
      return got
    }
    return {
      ...client,
      get: (path, init) => keep(client.get(path, init)),
      post: (path, body, init) => keep(client.post(path, body, init)),
      delete: (path, init) => keep(client.delete(path, init)),
    }
  }

  /** A signed-in customer's shop: their store client, their carts. */
  async function customer(shop: Shop, email: string) {
    const token = await customerToken(shop, backendUrl, email)
    const store = recorded(
      storeAs(backendUrl, shop.seeded.publishableKey, token)
    )
    const own: Shop = { ...shop, store }
    const customerId = expectStatus(
      await store.get("/store/customers/me"),
      200,
      "me"
    ).customer.id as string
    const pay = async (
      body: Record<string, unknown>,
      provider = CARD_PROVIDER
    ) => {
      const { cart, session } = await cartWithSession(own, provider, { email })
      const answer = await store.post(
        `/store/acquiring/payment-sessions/${session.id}/card`,
        body
      )
      return { cart, session, answer }
    }
    const list = async () =>
      expectStatus(await store.get("/store/acquiring/saved-cards"), 200, "list")
        .saved_cards as any[]
    return { shop: own, store, customerId, pay, list }
  }

  const typed = (number: string, extra: Record<string, unknown> = {}) => ({
    ...cardBody(number),
    ...extra,
  })
  const saved = (id: string, security_code?: string) => ({
    saved_card: { id, ...(security_code ? { security_code } : {}) },
  })

  async function authorizations(): Promise<any[]> {
    return sandbox.requests("authorise")
  }

  /** The token the sandbox keeps for the card ending in `last4`. */
  async function tokenOf(last4: string): Promise<string> {
    const cards = await sandbox.storedCards()
    const card = cards.find((c) => c.card_masked.endsWith(last4))
    if (!card) throw new Error(`the sandbox keeps no card ending ${last4}`)
    return card.token_id
  }

  /** The customer saved the approved card on a first payment; answers its saved card. */
  async function savedApprovedCard(email = "saver@example.test") {
    const shop = await openShop()
    const me = await customer(shop, email)
    const first = await me.pay(typed(CARDS.approved, { save_card: true }))
    expectStatus(first.answer, 200, "pay and save")
    await expectOrder(me.shop, first.cart.id)
    const [card] = await me.list()
    return { shop, me, card }
  }

  function expectTokenNowhere(token: string) {
    expect(token).toMatch(/^tok_/)
    for (const answer of answers) expect(answer.text).not.toContain(token)
    expect(logs.lines().filter((line) => line.includes(token))).toEqual([])
  }

  it("keeps a card only when a signed-in customer asks, and lists it", async () => {
    const shop = await openShop()
    const guest = recorded(shop.store)
    // a guest asking is refused by name, before anything reaches the acquirer
    const before = (await authorizations()).length
    const { session } = await cartWithSession(
      { ...shop, store: guest },
      CARD_PROVIDER
    )
    const refused = await guest.post(
      `/store/acquiring/payment-sessions/${session.id}/card`,
      typed(CARDS.approved, { save_card: true })
    )
    expect(refused.status).toBe(400)
    expect(refused.data.issues).toEqual([
      {
        field: "save_card",
        reason: "only a signed-in customer can keep a card",
      },
    ])
    expect((await authorizations()).length).toBe(before)

    // signed in but not asking: nothing kept
    const me = await customer(shop, "keeper@example.test")
    const plain = await me.pay(typed(CARDS.approved))
    expectStatus(plain.answer, 200, "pay without saving")
    expect((await authorizations()).at(-1).body.token_flag ?? "").not.toBe(
      "YES"
    )
    expect(await me.list()).toEqual([])
    expect(await sandbox.storedCards()).toEqual([])

    // asking: the acquirer keeps it, the customer sees it
    const asked = await me.pay(typed(CARDS.approved, { save_card: true }))
    const body = expectStatus(asked.answer, 200, "pay and save")
    expect((await authorizations()).at(-1).body.token_flag).toBe("YES")
    const cards = await me.list()
    expect(cards).toEqual([
      {
        id: expect.stringMatching(/^acqcard_/),
        brand: "visa",
        card_masked: "424242******4242",
        last4: "4242",
        saved_at: expect.any(String),
        last_used_at: null,
      },
    ])
    expect(body.payment_session.data.saved_card_id).toBe(cards[0].id)
    // Medusa's account holder of the customer lists it as a payment method
    const payments = container().resolve(Modules.PAYMENT)
    const query = container().resolve(ContainerRegistrationKeys.QUERY)
    const {
      data: [withHolders],
    } = await query.graph({
      entity: "customer",
      fields: ["id", "account_holders.*"],
      filters: { id: me.customerId },
    })
    const holder = (withHolders.account_holders as any[]).find(
      (h) => h.provider_id === CARD_PROVIDER
    )
    expect(holder.external_id).toBe(me.customerId)
    const methods = await payments.listPaymentMethods({
      provider_id: CARD_PROVIDER,
      context: { account_holder: holder },
    })
    expect(methods.map((m: any) => m.id)).toEqual([cards[0].id])
    expectTokenNowhere(await tokenOf("4242"))
  })

  it("pays with the saved card: the token and the security code typed again, nothing else of the card", async () => {
    const { shop, me, card } = await savedApprovedCard()
    const token = await tokenOf("4242")
    const paid = await me.pay(saved(card.id, CODE))
    const body = expectStatus(paid.answer, 200, "pay with the saved card")
    expect(body.payment_session.data).toMatchObject({
      status: "authorized",
      card_masked: "424242******4242",
      saved_card_id: card.id,
    })
    const sent = (await authorizations()).at(-1).body
    // the sandbox's log keeps a token's last four characters only
    expect(sent).toMatchObject({
      token_id: `****${token.slice(-4)}`,
      card: "",
    })
    expect(sent).not.toHaveProperty("expiration_month", "12")
    const order = await expectOrder(me.shop, paid.cart.id)
    const payment = await adminPayment(shop, order.id)
    expect(payment.data.saved_card).toMatchObject({
      id: card.id,
      paid_with: true,
    })
    const detail = expectStatus(
      await shop.admin.get(`/admin/acquiring/payments/${payment.id}`),
      200,
      "admin payment"
    )
    expect(JSON.stringify(detail)).toContain('"paid_with":true')
    const [listed] = await me.list()
    expect(listed.last_used_at).toEqual(expect.any(String))
    expectTokenNowhere(token)
  })

  it("a saved card is declined, challenged and refused like a typed one", async () => {
    const shop = await openShop()
    const me = await customer(shop, "challenged@example.test")
    // the 3-D Secure card is kept once its challenge passes
    const first = await me.pay(typed(CARDS.challenge, { save_card: true }))
    const form = expectStatus(first.answer, 200, "3-D Secure card")
      .payment_session.data.three_ds.form
    const challenge = await submitForm({
      action: form.action,
      method: "post",
      inputs: form.inputs,
    })
    const page = challenge.visits.at(-1)!
    const pass = formsOf(page.text, page.url).find(
      (f) => f.inputs.outcome === "pass"
    )!
    await submitForm(pass)
    await notificationsProcessed(suite)
    const [card] = await eventually("the 3-D Secure card kept", async () => {
      const cards = await me.list()
      return cards.length ? cards : undefined
    })
    expect(card.card_masked).toBe("400000******3155")

    // paid again with it: the challenge comes again
    const again = await me.pay(saved(card.id, CODE))
    expect(
      expectStatus(again.answer, 200, "saved 3-D Secure card").payment_session
        .data
    ).toMatchObject({
      status: "requires_more",
      three_ds: { form: expect.any(Object) },
    })

    // a wrong security code declines; the card stays
    const wrong = await me.pay(saved(card.id, "000"))
    expect(wrong.answer.status).toBe(402)
    expect(wrong.answer.data.type).toBe("payment_declined")
    expect((await me.list()).map((c) => c.id)).toEqual([card.id])

    // the session's decline limit counts saved-card payments as it counts typed ones
    const { session: tried } = await cartWithSession(me.shop, CARD_PROVIDER, {
      email: "challenged@example.test",
    })
    const declines: number[] = []
    for (let i = 0; i < 6; i++)
      declines.push(
        (
          await me.store.post(
            `/store/acquiring/payment-sessions/${tried.id}/card`,
            saved(card.id, "000")
          )
        ).status
      )
    expect(declines).toEqual([402, 402, 402, 402, 402, 429])

    // the security code is required (the default option): refused by name, nothing sent
    const before = (await authorizations()).length
    const missing = await me.pay(saved(card.id))
    expect(missing.answer.status).toBe(400)
    expect(missing.answer.data.issues).toEqual([
      { field: "saved_card.security_code", reason: "is required" },
    ])
    expect((await authorizations()).length).toBe(before)
  })

  it("a token the acquirer no longer knows: E0011, a clear message, and the card leaves the list", async () => {
    const { me, card } = await savedApprovedCard("lapsed@example.test")
    await sandbox.lapseToken(await tokenOf("4242"))
    const paid = await me.pay(saved(card.id, CODE))
    expect(paid.answer.status).toBe(402)
    expect(paid.answer.data).toMatchObject({
      type: "payment_declined",
      code: "E0011",
    })
    expect(paid.answer.data.message).toMatch(/saved card/i)
    expect(await me.list()).toEqual([])
    // paying with it again: it is gone
    const again = await me.pay(saved(card.id, CODE))
    expect(again.answer.status).toBe(404)
  })

  it("only the owner lists, uses or deletes a saved card; guests and other customers get 404", async () => {
    const { shop, me, card } = await savedApprovedCard("owner@example.test")
    const intruder = await customer(shop, "intruder@example.test")
    const guest = recorded(shop.store)
    const before = (await authorizations()).length

    expect(await intruder.list()).toEqual([])
    const theirs = await intruder.pay(saved(card.id, CODE))
    expect(theirs.answer.status).toBe(404)
    expect(
      (await intruder.store.delete(`/store/acquiring/saved-cards/${card.id}`))
        .status
    ).toBe(404)

    expect((await guest.get("/store/acquiring/saved-cards")).status).toBe(404)
    expect(
      (await guest.delete(`/store/acquiring/saved-cards/${card.id}`)).status
    ).toBe(404)
    const { session } = await cartWithSession(
      { ...shop, store: guest },
      CARD_PROVIDER
    )
    const guestPays = await guest.post(
      `/store/acquiring/payment-sessions/${session.id}/card`,
      saved(card.id, CODE)
    )
    expect(guestPays.status).toBe(404)
    expect((await authorizations()).length).toBe(before)
    expect((await me.list()).map((c) => c.id)).toEqual([card.id])
  })

  it("the owner deletes a card from the storefront, the merchant from the admin", async () => {
    const { shop, me, card } = await savedApprovedCard("deleter@example.test")
    const deleted = await me.store.delete(
      `/store/acquiring/saved-cards/${card.id}`
    )
    expect(expectStatus(deleted, 200, "delete")).toEqual({
      id: card.id,
      object: "saved_card",
      deleted: true,
    })
    expect(await me.list()).toEqual([])
    expect((await me.pay(saved(card.id, CODE))).answer.status).toBe(404)

    // saved again, then the merchant forgets it
    const again = await me.pay(typed(CARDS.approved, { save_card: true }))
    expectStatus(again.answer, 200, "save again")
    const [second] = await me.list()
    const adminList = expectStatus(
      await shop.admin.get(
        `/admin/acquiring/customers/${me.customerId}/saved-cards`
      ),
      200,
      "admin list"
    )
    expect(adminList.saved_cards).toEqual([
      expect.objectContaining({
        id: second.id,
        card_masked: "424242******4242",
        customer_id: me.customerId,
        merchant_id: expect.any(String),
        account_id: expect.any(String),
      }),
    ])
    expect(JSON.stringify(adminList)).not.toContain("tok_")
    // the admin routes are the admin's: a store caller gets 401
    for (const answer of [
      await me.store.get(
        `/admin/acquiring/customers/${me.customerId}/saved-cards`
      ),
      await me.store.delete(`/admin/acquiring/saved-cards/${second.id}`),
    ])
      expect(answer.status).toBe(401)
    expectStatus(
      await shop.admin.delete(`/admin/acquiring/saved-cards/${second.id}`),
      200,
      "admin delete"
    )
    expect(await me.list()).toEqual([])
    expect(
      (await shop.admin.delete(`/admin/acquiring/saved-cards/${second.id}`))
        .status
    ).toBe(404)
  })

  it("a card typed on the hosted page is kept when the customer asked", async () => {
    const shop = await openShop()
    const me = await customer(shop, "hosted@example.test")
    const { cart, session } = await cartWithSession(me.shop, HOSTED_PROVIDER, {
      email: "hosted@example.test",
    })
    const opened = expectStatus(
      await me.store.post(
        `/store/acquiring/payment-sessions/${session.id}/hosted-page`,
        { save_card: true }
      ),
      200,
      "open the hosted page"
    )
    const html = await (await fetch(opened.url)).text()
    const [checkoutForm] = formsOf(html, opened.url, "checkout-data")
    const cardPage = (await submitForm(checkoutForm)).visits.at(-1)!
    // the page says the shop asked to keep the card
    const [payForm] = formsOf(cardPage.text, cardPage.url)
    await submitForm(payForm, hostedCardFields(CARDS.approved))
    await notificationsProcessed(suite)
    await expectOrder(me.shop, cart.id)
    const cards = await eventually("the hosted card kept", async () => {
      const kept = await me.list()
      return kept.length ? kept : undefined
    })
    expect(cards.map((c) => c.card_masked)).toEqual(["424242******4242"])
  })

  describe("charged by staff (merchant-initiated)", () => {
    const charge = (
      shop: Shop,
      orderId: string,
      body: Record<string, unknown>
    ) =>
      shop.admin.post(
        `/admin/acquiring/orders/${orderId}/charge-saved-card`,
        body
      )
    const paymentsOf = async (shop: Shop, orderId: string) =>
      (
        expectStatus(
          await shop.admin.get(
            `/admin/orders/${orderId}?fields=id,*payment_collections,*payment_collections.payments`
          ),
          200,
          "order"
        ).order.payment_collections as any[]
      ).flatMap((c) => c.payments ?? [])

    it("charges the customer's saved card for an amount staff enter with a reason: order_type MIT, no security code, recorded on the order; more than owed only when confirmed; a request sent twice at once charges once", async () => {
      const { shop, me } = await savedApprovedCard("charged@example.test")
      const order = await expectOrder(
        me.shop,
        (await me.pay(saved((await me.list())[0].id, CODE))).cart.id
      )
      // the customer's own token, as the sandbox's log keeps it (its last four characters)
      const customersToken = (await authorizations()).at(-1).body.token_id
      expect(customersToken).toMatch(/^\*{4}[a-z]{4}$/)
      const sentBefore = (await authorizations()).length

      // the order is paid: nothing is owed, so an amount must be entered and confirmed
      const owesNothing = await charge(shop, order.id, {
        reason: "replacement grinder",
        request_id: "req-owes-nothing-1",
      })
      expect(owesNothing.status).toBe(409)
      expect(owesNothing.data.message).toMatch(
        /^Order #\d+ owes nothing: enter the amount to charge/
      )
      const over = await charge(shop, order.id, {
        amount: "5.00",
        reason: "replacement grinder",
        request_id: "req-over-1",
      })
      expect(over.status).toBe(409)
      expect(over.data.message).toMatch(
        /^5\.00 is more than Order #\d+ owes \(0\.00\): confirm to charge it anyway\.$/
      )
      const noReason = await charge(shop, order.id, {
        amount: "5.00",
        request_id: "req-no-reason",
      })
      expect(noReason.status).toBe(400)
      expect(JSON.stringify(noReason.data)).toContain("reason")
      expect((await authorizations()).length).toBe(sentBefore)

      // confirmed, and sent twice at once (a double click): one charge
      const body = {
        amount: "5.00",
        reason: "replacement grinder",
        confirm_over_balance: true,
        request_id: "req-grinder-1",
      }
      const answers = await Promise.all([
        charge(shop, order.id, body),
        charge(shop, order.id, body),
      ])
      expect(answers.map((a) => a.status)).toEqual([200, 200])
      expect(answers.map((a) => a.data.repeated).sort()).toEqual([false, true])
      const made = answers.find((a) => !a.data.repeated)!.data
      expect(made).toMatchObject({
        status: "authorized",
        amount: "5.00",
        currency: "USD",
        card_masked: "424242******4242",
        payment_id: expect.any(String),
      })
      const sent = await authorizations()
      expect(sent.length).toBe(sentBefore + 1)
      expect(sent.at(-1).body).toMatchObject({
        order_type: "MIT",
        token_id: customersToken,
        card: "",
        amount: "5.00",
      })
      expect(sent.at(-1).body.security_code ?? "").toBe("")

      // on the order beside the first payment, and the same request again charges nothing
      const payments = await paymentsOf(shop, order.id)
      expect(payments.map((p: any) => p.amount).sort()).toEqual([15, 5])
      const again = await charge(shop, order.id, body)
      expect(again.status).toBe(200)
      expect(again.data).toMatchObject({
        repeated: true,
        payment_id: made.payment_id,
      })
      expect((await authorizations()).length).toBe(sentBefore + 1)
      // no answer the staff got carries a token
      expect([...answers, again].map((a) => a.text).join("")).not.toMatch(
        /tok_/
      )
    })

    it("a charge whose answer is lost is confirmed, not sent again: the same request answers pending, then the recorded payment; the reconcile job records it once", async () => {
      const { shop, me } = await savedApprovedCard("lost.charge@example.test")
      const order = await expectOrder(
        me.shop,
        (await me.pay(saved((await me.list())[0].id, CODE))).cart.id
      )
      const body = {
        amount: "3.00",
        reason: "pre-order remainder",
        confirm_over_balance: true,
        request_id: "req-lost-answer-1",
      }
      await sandbox.injectFault({
        operation: "authorise",
        kind: "connection_reset",
        after_processing: true,
      })
      // and the status query cannot confirm it at once either
      await sandbox.injectFault({
        operation: "retrieval_trans",
        kind: "http_500",
        count: 20,
      })
      const sentBefore = (await authorizations()).length
      const lost = await charge(shop, order.id, body)
      expect(lost.status).toBe(202)
      expect(lost.data).toMatchObject({ status: "pending", repeated: false })
      const again = await charge(shop, order.id, body)
      expect(again.data).toMatchObject({ repeated: true })
      // the acquirer acted once: nothing was sent again
      expect((await authorizations()).length).toBe(sentBefore + 1)
      await sandbox.clearFaults()
      await notificationsProcessed(suite)
      await runReconcileJob(container(), suite.databaseUrl())
      const payments = (await paymentsOf(shop, order.id)).filter(
        (p: any) => p.amount === 3
      )
      expect(payments).toHaveLength(1)
      const settled = await charge(shop, order.id, body)
      expect(settled.status).toBe(200)
      expect(settled.data).toMatchObject({
        repeated: true,
        status: "authorized",
        payment_id: payments[0].id,
      })
      expect((await authorizations()).length).toBe(sentBefore + 1)
    })

    it("is refused for a guest's order (no saved card), and for a card the customer does not keep", async () => {
      const { shop, me } = await savedApprovedCard("refused@example.test")
      const guestCart = await cartWithSession(shop, CARD_PROVIDER)
      expectStatus(
        await shop.store.post(
          `/store/acquiring/payment-sessions/${guestCart.session.id}/card`,
          typed(CARDS.approved)
        ),
        200,
        "guest pays"
      )
      const guestOrder = await expectOrder(shop, guestCart.cart.id)
      const sentBefore = (await authorizations()).length
      const guest = await charge(shop, guestOrder.id, {
        amount: "1.00",
        reason: "later charge",
        confirm_over_balance: true,
        request_id: "req-guest-1",
      })
      expect(guest.status).toBe(409)
      expect(guest.data.message).toMatch(
        /^The customer keeps no saved card with the account serving Order #\d+'s currency: send the customer a payment link instead\.$/
      )
      const [order] = await Promise.all([
        expectOrder(
          me.shop,
          (await me.pay(saved((await me.list())[0].id, CODE))).cart.id
        ),
      ])
      const foreign = await charge(shop, order.id, {
        amount: "1.00",
        reason: "later charge",
        confirm_over_balance: true,
        saved_card_id: "acqcard_not_theirs",
        request_id: "req-foreign-1",
      })
      expect(foreign.status).toBe(409)
      expect(foreign.data.message).toMatch(
        /^That card is not one the customer keeps/
      )
      expect((await authorizations()).length).toBe(sentBefore + 1)
    })
  })
})
