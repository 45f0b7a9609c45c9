import {
  type AcquiringSuite,
  CARD_PROVIDER,
  HOSTED_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import { cartWithSession, submitCard } from "../helpers/checkout"
import { expectStatus } from "../../dev/store-client/http-client"
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

  async function authorisations(): Promise<number> {
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
    const before = await authorisations()

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
    expect(await authorisations()).toBe(before)
    expect((await shop.stored(session.id)).status).toBe("pending")

    // the owner still pays
    const paid = await submitCard(ownerShop, session.id, CARDS.approved)
    expect(paid.status).toBe(200)
    expect(await authorisations()).toBe(before + 1)
  })

  it("a key of another sales channel cannot submit a card, read the session or open (and so void) its hosted page", async () => {
    const shop = await openShop()
    const foreign = storeAs(shop, await otherChannelKey())
    const card = await cartWithSession(shop, CARD_PROVIDER)
    const hosted = await cartWithSession(shop, HOSTED_PROVIDER)
    const before = await authorisations()

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
    expect(await authorisations()).toBe(before)
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
}
