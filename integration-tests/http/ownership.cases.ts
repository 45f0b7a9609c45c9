import type { ILockingModule } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  type AcquiringSuite,
  CARD_PROVIDER,
  HOSTED_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import { cartWithSession, submitCard } from "../helpers/checkout"
import { expectStatus } from "../../dev/store-client/http-client"
import { formsOf, submitForm } from "../../dev/store-client/browser"
import { CARDS } from "../helpers/test-cards"
import {
  customerToken as loginCustomer,
  otherChannelKey as newChannelKey,
  storeAs as storeAsKey,
} from "../helpers/store-callers"

/**
 * A payment session is acted on only for its own cart: the seven cross-caller attempts a black-box run
 * found open (another customer, another publishable key, a key of another sales channel, an anonymous
 * caller; card, read, hosted page) are refused and change nothing.
 */
export function ownershipCases({
  sandbox,
  openShop,
  backendUrl,
  container,
}: AcquiringSuite): void {
  const storeAs = (shop: Shop, key: string, token?: string) =>
    storeAsKey(backendUrl, key, token)
  const customerToken = (shop: Shop, email: string) =>
    loginCustomer(shop, backendUrl, email)
  const otherChannelKey = () => newChannelKey(container())

  async function authorizations(): Promise<number> {
    return (await sandbox.requests("authorise")).length
  }

  it("a customer's session: another customer and an anonymous caller cannot submit a card, read it or open its page", async () => {
    const shop = await openShop()
    const ownerToken = await customerToken(shop, "owner@example.test")
    const intruderToken = await customerToken(shop, "intruder@example.test")
    const owner = storeAs(shop, shop.seeded.publishableKey, ownerToken)
    const ownerShop: Shop = { ...shop, store: owner }
    // the cart keeps its owner only with the owner's own e-mail (another e-mail makes it a guest's)
    const { session } = await cartWithSession(ownerShop, CARD_PROVIDER, {
      email: "owner@example.test",
    })
    const before = await authorizations()

    const callers = {
      "another customer": storeAs(
        shop,
        shop.seeded.publishableKey,
        intruderToken
      ),
      "an anonymous caller": storeAs(shop, shop.seeded.publishableKey),
    }
    for (const [who, caller] of Object.entries(callers)) {
      const card = await submitCard(
        { ...shop, store: caller },
        session.id,
        CARDS.approved
      )
      expect({ who, status: card.status }).toEqual({ who, status: 404 })
      expect(card.text).not.toContain("424242")
      const read = await caller.get(
        `/store/acquiring/payment-sessions/${session.id}`
      )
      expect({ who, status: read.status }).toEqual({ who, status: 404 })
    }
    expect(await authorizations()).toBe(before)
    expect((await shop.stored(session.id)).status).toBe("pending")

    // the owner still pays
    const paid = await submitCard(ownerShop, session.id, CARDS.approved)
    expect(paid.status).toBe(200)
    expect(await authorizations()).toBe(before + 1)
  })

  it("a key of another sales channel cannot submit a card, read the session or open (and so void) its hosted page", async () => {
    const shop = await openShop()
    const foreign = storeAs(shop, await otherChannelKey())
    const card = await cartWithSession(shop, CARD_PROVIDER)
    const hosted = await cartWithSession(shop, HOSTED_PROVIDER)
    const before = await authorizations()

    expect(
      (
        await submitCard(
          { ...shop, store: foreign },
          card.session.id,
          CARDS.approved
        )
      ).status
    ).toBe(404)
    expect(
      (
        await foreign.get(
          `/store/acquiring/payment-sessions/${card.session.id}`
        )
      ).status
    ).toBe(404)
    expect(
      (
        await foreign.get(
          `/store/acquiring/payment-sessions/${hosted.session.id}/checkout`
        )
      ).status
    ).toBe(404)
    expect(
      (
        await foreign.post(
          `/store/acquiring/payment-sessions/${hosted.session.id}/hosted-page`,
          {}
        )
      ).status
    ).toBe(404)
    expect(await authorizations()).toBe(before)
    expect((await shop.stored(hosted.session.id)).attempts).toEqual([])

    // the owner's own key opens the page
    const page = await shop.store.post(
      `/store/acquiring/payment-sessions/${hosted.session.id}/hosted-page`,
      {}
    )
    const { url } = expectStatus(page, 200, "hosted page")
    expect(url).toMatch(
      new RegExp(`^${backendUrl()}/acquiring/pages/[0-9a-f]{24}$`)
    )
    const served = await fetch(url)
    expect(served.status).toBe(200)
    expect(served.headers.get("content-security-policy")).toMatch(/form-action/)
    expect(served.headers.get("x-content-type-options")).toBe("nosniff")
    expect(served.headers.get("referrer-policy")).toBe("no-referrer")
    expect(served.headers.get("cache-control")).toBe("no-store")
    expect(await served.text()).toMatch(/<form name="theForm"/)
  })

  it("a storefront answer never carries the order number, transaction id, cart, IP or user agent", async () => {
    const shop = await openShop()
    const { session } = await cartWithSession(shop, CARD_PROVIDER)
    const paid = expectStatus(
      await submitCard(shop, session.id, CARDS.approved),
      200,
      "card"
    )
    const stored = await shop.stored(session.id)
    const text = JSON.stringify(paid)
    for (const secret of [
      stored.order_no,
      stored.transaction_id,
      stored.cart.id,
      "user_agent",
      "shopper_ip",
    ]) {
      expect(text).not.toContain(secret)
    }
  })

  it("the return page reads a signed-in customer's 3-D Secure payment by its attempt token alone; another sales channel cannot", async () => {
    const shop = await openShop()
    const ownerToken = await customerToken(shop, "returning@example.test")
    const owner: Shop = {
      ...shop,
      store: storeAs(shop, shop.seeded.publishableKey, ownerToken),
    }
    const { cart, session } = await cartWithSession(owner, CARD_PROVIDER, {
      email: "returning@example.test",
    })
    const challenged = expectStatus(
      await submitCard(owner, session.id, CARDS.challenge),
      200,
      "3-D Secure card"
    ).payment_session
    const form = challenged.data.three_ds.form
    const attempt = new URL(form.inputs.return_url).pathname.split("/").pop()!
    expect(attempt).toMatch(/^[0-9a-f]{24}$/)
    const issuer = (await submitForm({ ...form, method: "post" })).visits.at(
      -1
    )!
    const pass = formsOf(issuer.text, issuer.url).find(
      (f) => f.inputs.outcome === "pass"
    )!
    // held back: its handling would place the order before the return is read
    await sandbox.loseNotifications(1)
    const back = await submitForm(pass)
    expect(back.visits[0].status).toBe(303)

    // the way back carries no cookie and no customer token: only the publishable key
    const returning = storeAs(shop, shop.seeded.publishableKey)
    expect(
      (await returning.get(`/store/acquiring/payment-sessions/${session.id}`))
        .status
    ).toBe(404)
    const read = expectStatus(
      await returning.get(`/store/acquiring/returns/${attempt}`),
      200,
      "return"
    ).payment_return
    expect(read).toMatchObject({
      attempt,
      cart_id: cart.id,
      order_id: null,
      payment_session: { id: session.id, status: "authorized" },
    })
    // the storefront view only
    expect(
      Object.keys(read.payment_session.data).filter(
        (key) =>
          ![
            "status",
            "result",
            "card_masked",
            "payment_method",
            "saved_card_id",
            "review",
            "three_ds",
            "confirming",
          ].includes(key)
      )
    ).toEqual([])
    const stored = await shop.stored(session.id)
    for (const secret of [stored.order_no, stored.transaction_id])
      expect(JSON.stringify(read)).not.toContain(secret)

    // the cart completes with the cart id the return gave, and the return then names the order
    const completed = expectStatus(
      await returning.post(`/store/carts/${read.cart_id}/complete`, {}),
      200,
      "complete"
    )
    expect(completed.type).toBe("order")
    const orderOfReturn = async () =>
      expectStatus(
        await returning.get(`/store/acquiring/returns/${attempt}`),
        200,
        "return after the order"
      ).payment_return.order_id
    // while a completion holds the cart's lock (it links the order before it
    // authorizes the payment), the order is not named yet
    const locking = container().resolve(Modules.LOCKING) as ILockingModule
    await locking.acquire(cart.id, { ownerId: "a completion", expire: 30 })
    try {
      expect(await orderOfReturn()).toBeNull()
    } finally {
      await locking.release(cart.id, { ownerId: "a completion" })
    }
    expect(await orderOfReturn()).toBe(completed.order.id)

    // a key of another sales channel, an unknown attempt, a malformed one
    const elsewhere = storeAs(shop, await otherChannelKey())
    expect(
      (await elsewhere.get(`/store/acquiring/returns/${attempt}`)).status
    ).toBe(404)
    expect(
      (await returning.get(`/store/acquiring/returns/${"0".repeat(24)}`)).status
    ).toBe(404)
    const malformed = await returning.get(
      "/store/acquiring/returns/not-a-token"
    )
    expect(malformed.status).toBe(400)
    expect(malformed.text).toContain("attempt")
  })
}
