import { Client } from "pg"
import { submitForm } from "../../dev/store-client/browser"
import {
  expectStatus,
  httpClient,
  type HttpAnswer,
  type HttpClient,
} from "../../dev/store-client/http-client"
import {
  type AcquiringSuite,
  CARD_PROVIDER,
  HOSTED_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import {
  adminOrder,
  cartWithSession,
  expectOrder,
  hostedCardFields,
  openHostedPage,
  submitCard,
} from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import {
  customerToken,
  otherChannelKey,
  storeAs,
} from "../helpers/store-callers"
import { hostedMethods } from "../helpers/hosted-methods"
import { CARDS } from "../helpers/test-cards"

/** What Medusa may keep in a session's or payment's `data`: the storefront view. */
const VIEW_KEYS = [
  "session_id",
  "status",
  "result",
  "card_masked",
  "payment_method",
  "review",
  "three_ds",
  "confirming",
  "transfer",
]

/** The user agent the session-creation request sends (dev/store-client/storefront.ts). */
const SESSION_USER_AGENT = "IntegrationTest/1.0"
/** The shopper's address, through Medusa's trusted proxy hop (the test's own 127.0.0.1 is in every URL). */
const SHOPPER_IP = "198.51.100.23"

type Caller = { who: string; store: HttpClient }

/**
 * Medusa's own store routes return a payment session's (and a payment's)
 * `data`. Whatever the provider, the stage of the payment and the caller
 * (the owner, no login, another sales channel's key), none of them hands
 * out the plugin's private state: by key, or by value (order numbers,
 * transaction ids, the shopper's IP, user agent and e-mail).
 */
export function storefrontExposureCases(suite: AcquiringSuite): void {
  const { openShop, backendUrl, container, databaseUrl, sandbox } = suite
  const { awaitedTransfer } = hostedMethods(suite)

  /** Every `data` object under payment sessions and payments in an answer. */
  function dataObjects(body: unknown): Record<string, unknown>[] {
    const found: Record<string, unknown>[] = []
    const visit = (node: unknown, parent?: string) => {
      if (Array.isArray(node)) return node.forEach((n) => visit(n, parent))
      if (!node || typeof node !== "object") return
      for (const [key, value] of Object.entries(node)) {
        if (
          key === "data" &&
          (parent === "payment_sessions" || parent === "payments") &&
          value &&
          typeof value === "object"
        )
          found.push(value as Record<string, unknown>)
        visit(value, key === "data" ? parent : key)
      }
    }
    visit(body)
    return found
  }

  /** Private values of the sessions: read from the plugin's table, independently of the answers. */
  async function privateValues(shop: Shop, sessionIds: string[]) {
    const anywhere = new Set<string>([SESSION_USER_AGENT])
    const inData = new Set<string>()
    for (const id of sessionIds) {
      const state = await shop.stored(id)
      for (const attempt of state.attempts ?? []) {
        anywhere.add(attempt.order_no)
        if (attempt.transaction_id) anywhere.add(attempt.transaction_id)
      }
      if (state.transaction_id) anywhere.add(state.transaction_id)
      if (state.client?.user_agent) anywhere.add(state.client.user_agent)
      // the probe below searches for them: they must be what the shopper sent
      expect(state.client?.shopper_ip).toBe(SHOPPER_IP)
      expect(state.cart?.email).toMatch(/@example\.test$/)
      inData.add(state.client.shopper_ip)
      inData.add(state.cart.email)
    }
    return { anywhere: [...anywhere], inData: [...inData] }
  }

  /**
   * Reads the cart (and the order, once placed) through every store route
   * that returns payment sessions or payments, as each caller; answers how
   * many acquiring `data` objects the owner was shown.
   */
  async function expectNothingPrivate(
    shop: Shop,
    stage: string,
    target: {
      cartId: string
      sessionIds: string[]
      callers: Caller[]
      orderId?: string
      answers?: HttpAnswer[]
    }
  ): Promise<void> {
    const values = await privateValues(shop, target.sessionIds)
    const reads: { who: string; route: string; answer: HttpAnswer }[] = (
      target.answers ?? []
    ).map((answer) => ({ who: "owner", route: "earlier answer", answer }))
    for (const { who, store } of target.callers) {
      const routes = [
        `/store/carts/${target.cartId}`,
        `/store/carts/${target.cartId}?fields=*payment_collection.payment_sessions`,
        `/store/carts/${target.cartId}?fields=*payment_collection,*payment_collection.payment_sessions`,
        ...(target.orderId
          ? [
              `/store/orders/${target.orderId}?fields=*payment_collections,*payment_collections.payment_sessions,*payment_collections.payments`,
              `/store/customers/me/orders?fields=*payment_collections.payments,*payment_collections.payment_sessions`,
            ]
          : []),
      ]
      for (const route of routes)
        reads.push({ who, route, answer: await store.get(route) })
      if (!target.orderId)
        reads.push({
          who,
          route: "POST /store/payment-collections",
          answer: await store.post("/store/payment-collections", {
            cart_id: target.cartId,
          }),
        })
    }

    let shownToOwner = 0
    for (const { who, route, answer } of reads) {
      expect({ stage, who, route, status: answer.status }).not.toMatchObject({
        status: 500,
      })
      for (const value of values.anywhere)
        expect({
          stage,
          who,
          route,
          leaked: answer.text.includes(value),
        }).toEqual({ stage, who, route, leaked: false })
      for (const data of dataObjects(answer.data)) {
        expect({
          stage,
          who,
          route,
          keys: Object.keys(data).filter((k) => !VIEW_KEYS.includes(k)),
        }).toEqual({ stage, who, route, keys: [] })
        const text = JSON.stringify(data)
        for (const value of values.inData)
          expect({ stage, who, route, leaked: text.includes(value) }).toEqual({
            stage,
            who,
            route,
            leaked: false,
          })
        if (
          who === "owner" &&
          target.sessionIds.includes(String(data.session_id))
        )
          shownToOwner++
      }
    }
    // the reads did reach the sessions: a route that stopped returning them would prove nothing
    expect({ stage, shownToOwner: shownToOwner > 0 }).toEqual({
      stage,
      shownToOwner: true,
    })
  }

  /** The owner's client: the shop's key, the customer's login if any, the shopper's address. */
  function ownerOf(shop: Shop, ownerToken?: string): Shop {
    return {
      ...shop,
      store: httpClient(backendUrl, () => ({
        "x-publishable-api-key": shop.seeded.publishableKey,
        "x-forwarded-for": SHOPPER_IP,
        ...(ownerToken ? { authorization: `Bearer ${ownerToken}` } : {}),
      })),
    }
  }

  async function callersOf(owner: Shop, ownerToken?: string) {
    const key = owner.seeded.publishableKey
    const callers: Caller[] = [
      { who: "owner", store: owner.store },
      {
        who: "another channel's key",
        store: storeAs(backendUrl, await otherChannelKey(container())),
      },
    ]
    if (ownerToken)
      callers.push({ who: "no login", store: storeAs(backendUrl, key) })
    return callers
  }

  it("card: a customer's session created, declined, awaiting 3-D Secure, authorised, and its order", async () => {
    const shop = await openShop()
    const email = "exposure.owner@example.test"
    const token = await customerToken(shop, backendUrl, email)
    const owner = ownerOf(shop, token)
    const callers = await callersOf(owner, token)
    const { cart, session, answer } = await cartWithSession(
      owner,
      CARD_PROVIDER,
      { email }
    )
    const target = { cartId: cart.id, sessionIds: [session.id], callers }
    await expectNothingPrivate(shop, "session created", {
      ...target,
      answers: [answer],
    })

    const declined = await submitCard(owner, session.id, CARDS.declined)
    expect(declined.status).toBe(402)
    await expectNothingPrivate(shop, "declined", {
      ...target,
      answers: [declined],
    })

    const challenged = expectStatus(
      await submitCard(owner, session.id, CARDS.challenge),
      200,
      "3-D Secure card"
    )
    expect(challenged.payment_session.status).toBe("requires_more")
    await expectNothingPrivate(shop, "3-D Secure pending", target)

    const paid = await submitCard(owner, session.id, CARDS.approved)
    expect(expectStatus(paid, 200, "card").payment_session.status).toBe(
      "authorized"
    )
    await expectNothingPrivate(shop, "authorised", {
      ...target,
      answers: [paid],
    })

    const completed = await owner.store.post(
      `/store/carts/${cart.id}/complete`,
      {}
    )
    const order = expectStatus(completed, 200, "complete").order
    await expectNothingPrivate(shop, "order placed", {
      ...target,
      orderId: order.id,
      answers: [completed],
    })
  })

  it("card: a guest's payment held for risk review, and its order", async () => {
    const shop = ownerOf(await openShop())
    const callers = await callersOf(shop)
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
    const held = expectStatus(
      await submitCard(shop, session.id, CARDS.review),
      200,
      "review card"
    )
    expect(held.payment_session.data.review).toBe("held")
    const target = { cartId: cart.id, sessionIds: [session.id], callers }
    await expectNothingPrivate(shop, "held", target)
    const order = await expectOrder(shop, cart.id)
    await expectNothingPrivate(shop, "held order placed", {
      ...target,
      orderId: order.id,
    })
  })

  it("hosted page: session created, page opened, paid and returned, and its order", async () => {
    const shop = ownerOf(await openShop())
    const callers = await callersOf(shop)
    const opened = await openHostedPage(shop, backendUrl())
    const target = {
      cartId: opened.cart.id,
      sessionIds: [opened.session.id],
      callers,
    }
    expect((await shop.stored(opened.session.id)).attempts).toHaveLength(1)
    await expectNothingPrivate(shop, "hosted page opened", target)

    const back = await submitForm(
      opened.payForm,
      hostedCardFields(CARDS.approved)
    )
    expect(new URL(back.leftTo!).searchParams.get("status")).toBe("authorized")
    await expectNothingPrivate(shop, "paid on the hosted page", target)
    const order = await expectOrder(shop, opened.cart.id)
    await expectNothingPrivate(shop, "hosted order placed", {
      ...target,
      orderId: order.id,
    })
  })

  it("hosted page: a bank transfer awaited with its order, then lapsed", async () => {
    const shop = ownerOf(await openShop())
    const callers = await callersOf(shop)
    const { cart, session, order, tx } = await awaitedTransfer(shop)
    const target = {
      cartId: cart.id,
      sessionIds: [session.id],
      callers,
      orderId: order.id,
    }
    await expectNothingPrivate(shop, "transfer awaited", target)
    await sandbox.lapseTransfer(tx.transaction_id)
    await eventually(
      "the order cancelled",
      async () =>
        (await adminOrder(shop, order.id)).status === "canceled"
          ? true
          : undefined,
      30_000
    )
    await expectNothingPrivate(shop, "transfer lapsed", target)
  })

  it("hosted page: the answer that creates the session", async () => {
    const shop = ownerOf(await openShop())
    const callers = await callersOf(shop)
    const { cart, session, answer } = await cartWithSession(
      shop,
      HOSTED_PROVIDER
    )
    await expectNothingPrivate(shop, "hosted session created", {
      cartId: cart.id,
      sessionIds: [session.id],
      callers,
      answers: [answer],
    })
  })

  it("a session stored in the old shape (everything in Medusa's data) is paid, and its data moves to the plugin's table", async () => {
    const shop = ownerOf(await openShop())
    const callers = await callersOf(shop)
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
    // rewrite it as earlier versions stored it: the whole state in Medusa's data, no row of the plugin's
    const db = new Client({ connectionString: databaseUrl() })
    await db.connect()
    try {
      const state = await shop.stored(session.id)
      expect(state.cart.email).toMatch(/@example\.test$/)
      await db.query(`delete from acquiring_session_state where id = $1`, [
        session.id,
      ])
      await db.query(`update payment_session set data = $2 where id = $1`, [
        session.id,
        JSON.stringify(state),
      ])
      const legacy = await shop.store.get(
        `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`
      )
      expect(legacy.text).toContain(state.cart.email)

      const paid = await submitCard(shop, session.id, CARDS.approved)
      expect(expectStatus(paid, 200, "card").payment_session.status).toBe(
        "authorized"
      )
      const moved = await db.query(
        `select data from acquiring_session_state where id = $1`,
        [session.id]
      )
      expect(moved.rows[0].data).toMatchObject({
        cart: { email: state.cart.email },
        status: "authorized",
      })
      const medusa = await db.query(
        `select data from payment_session where id = $1`,
        [session.id]
      )
      expect(Object.keys(medusa.rows[0].data).sort()).toEqual([
        "card_masked",
        "payment_method",
        "result",
        "session_id",
        "status",
        "three_ds",
      ])
    } finally {
      await db.end()
    }
    const order = await expectOrder(shop, cart.id)
    await expectNothingPrivate(shop, "old shape, order placed", {
      cartId: cart.id,
      sessionIds: [session.id],
      callers,
      orderId: order.id,
    })
  })
}
