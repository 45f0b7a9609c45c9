import { randomBytes } from "node:crypto"
import { sandboxAccountBody } from "../helpers/sandbox-account"
import {
  acquiringSuite,
  CARD_PROVIDER,
  HOSTED_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import {
  customerToken,
  otherChannelKey,
  storeAs,
} from "../helpers/store-callers"
import { cardBody, CARDS } from "../helpers/test-cards"
import {
  createReadyCart,
  openPaymentSession,
} from "../../dev/store-client/storefront"
import { budget } from "../setup/time-budget"
import { threeDSecureRulesCases } from "./three-d-secure-rules.cases"

jest.setTimeout(budget(120_000))

// Booted with no provider options: the account below serves every payment, with its rules.
process.env.ACQUIRING_TEST_EMPTY_OPTIONS = "1"
process.env.ACQUIRING_SETTINGS_KEY = randomBytes(32).toString("hex")

const SETTINGS = "/admin/acquiring/settings"

/**
 * An account's availability rules (and, in three-d-secure-rules.cases.ts,
 * its 3-D Secure rules) as a shopper meets them: session creation
 * refused with the rule's name, and the storefront's provider list saying
 * beforehand what the checkout should hide. The seeded USD cart costs
 * 10.00 + 5.00 shipping = 15.00 USD and ships to and bills in the US.
 */
acquiringSuite((suite) => {
  const { sandbox, openShop, backendUrl, container } = suite
  const accountBody = (availability: unknown) =>
    sandboxAccountBody(sandbox, backendUrl, { availability })

  /** The account serving every payment (the database is fresh in each test), with these rules; answers them as saved. */
  async function accountWith(shop: Shop, rules: unknown[]) {
    const created = await shop.admin.post(
      `${SETTINGS}/accounts`,
      accountBody({ rules })
    )
    expect(created.status).toBe(200)
    return created.data.account.availability
  }

  async function checkout(shop: Shop) {
    const cart = await shop.readyCart()
    const providers = async () => {
      const answer = await shop.store.get(
        `/store/acquiring/carts/${cart.id}/payment-providers`
      )
      expect(answer.status).toBe(200)
      return answer.data.payment_providers
    }
    const session = async (provider: string) =>
      (await openPaymentSession(shop.store, cart.id, provider)).answer
    return { shop, cart, providers, session }
  }

  it("refuses a cart above the card provider's max_amount and lists the card as unavailable", async () => {
    const shop = await openShop()
    expect(
      await accountWith(shop, [
        { providers: [CARD_PROVIDER], currency: "usd", max_amount: "14.99" },
      ])
    ).toEqual({
      rules: [
        { providers: [CARD_PROVIDER], currency: "USD", max_amount: "14.99" },
      ],
    })
    const { providers, session } = await checkout(shop)
    const reason = {
      rule: "max_amount",
      message: "Card payments are available for orders up to 14.99 USD.",
    }
    expect(await providers()).toEqual([
      { id: CARD_PROVIDER, available: false, reason },
      { id: HOSTED_PROVIDER, available: true },
    ])
    const refused = await session(CARD_PROVIDER)
    expect([refused.status, refused.data]).toEqual([
      400,
      { type: "invalid_data", ...reason },
    ])
    // the rule names the card provider only: the hosted page still serves the cart
    expect((await session(HOSTED_PROVIDER)).status).toBe(200)
  })

  it("refuses a cart billed outside the allowed countries", async () => {
    const shop = await openShop()
    await accountWith(shop, [{ billing_countries: ["de", "at"] }])
    const { providers, session } = await checkout(shop)
    const reason = {
      rule: "billing_country",
      message:
        "Card payments are available only for billing addresses in Germany or Austria.",
    }
    expect(await providers()).toEqual([
      { id: CARD_PROVIDER, available: false, reason },
      { id: HOSTED_PROVIDER, available: false, reason },
    ])
    const refused = await session(HOSTED_PROVIDER)
    expect([refused.status, refused.data]).toEqual([
      400,
      { type: "invalid_data", ...reason },
    ])
  })

  it("asks the rules again when the card is submitted or the hosted page opened: rules the merchant tightened since the session began refuse it before anything is sent", async () => {
    const shop = await openShop()
    await accountWith(shop, [{ billing_countries: ["us"] }])
    const sessionOf = async (provider: string) => {
      const cart = await shop.readyCart()
      const { session, answer } = await openPaymentSession(
        shop.store,
        cart.id,
        provider
      )
      expect(answer.status).toBe(200)
      return session
    }
    const session = await sessionOf(CARD_PROVIDER)
    const hosted = await sessionOf(HOSTED_PROVIDER)
    const [account] = (await shop.admin.get(SETTINGS)).data.accounts
    expect(
      (
        await shop.admin.post(`${SETTINGS}/accounts/${account.id}`, {
          availability: { rules: [{ billing_countries: ["de"] }] },
        })
      ).status
    ).toBe(200)
    const before = (await sandbox.requests("authorise")).length
    const refused = await shop.store.post(
      `/store/acquiring/payment-sessions/${session.id}/card`,
      cardBody(CARDS.approved)
    )
    expect([refused.status, refused.data]).toEqual([
      400,
      {
        type: "invalid_data",
        rule: "billing_country",
        message:
          "Card payments are available only for billing addresses in Germany.",
      },
    ])
    expect((await sandbox.requests("authorise")).length).toBe(before)

    const pagesBefore = (await sandbox.requests("checkout")).length
    const page = await shop.store.post(
      `/store/acquiring/payment-sessions/${hosted.id}/hosted-page`,
      {}
    )
    expect([page.status, page.data.rule]).toEqual([400, "billing_country"])
    expect((await sandbox.requests("checkout")).length).toBe(pagesBefore)
  })

  it("serves a cart inside every rule, the total exactly at both bounds", async () => {
    const shop = await openShop()
    await accountWith(shop, [
      { currency: "USD", min_amount: "15", max_amount: "15.00" },
      { shipping_countries: ["us", "ca"], billing_countries: ["us"] },
      // another currency's bound says nothing about a USD cart
      { currency: "EUR", max_amount: "1.00" },
    ])
    const { providers, session } = await checkout(shop)
    expect(await providers()).toEqual([
      { id: CARD_PROVIDER, available: true },
      { id: HOSTED_PROVIDER, available: true },
    ])
    expect((await session(CARD_PROVIDER)).status).toBe(200)
  })

  it("refuses rules that are not valid, naming the field", async () => {
    const shop = await openShop()
    const refused = await shop.admin.post(
      `${SETTINGS}/accounts`,
      accountBody({ rules: [{ currency: "JPY", min_amount: "10.5" }] })
    )
    expect(refused.status).toBe(400)
    expect(refused.data.message).toMatch(
      /availability\.rules\[0\]\.min_amount: must have at most 0 decimal places for JPY/
    )
    // null: no rules, every cart served
    const created = await shop.admin.post(
      `${SETTINGS}/accounts`,
      accountBody(null)
    )
    expect([created.status, created.data.account?.availability]).toEqual([
      200,
      null,
    ])
  })

  it("shows a cart's providers only to its own storefront and customer", async () => {
    const shop = await openShop()
    await accountWith(shop, [{ shipping_countries: ["us"] }])
    const ownerToken = await customerToken(
      shop,
      backendUrl,
      "owner@example.test"
    )
    const owner = storeAs(backendUrl, shop.seeded.publishableKey, ownerToken)
    // the cart keeps its owner only with the owner's own e-mail
    const cart = await createReadyCart(owner, shop.seeded, {
      email: "owner@example.test",
    })
    const path = `/store/acquiring/carts/${cart.id}/payment-providers`
    const intruderToken = await customerToken(
      shop,
      backendUrl,
      "intruder@example.test"
    )
    const callers = {
      "another customer": storeAs(
        backendUrl,
        shop.seeded.publishableKey,
        intruderToken
      ),
      "an anonymous caller": storeAs(backendUrl, shop.seeded.publishableKey),
      "a key of another sales channel": storeAs(
        backendUrl,
        await otherChannelKey(container())
      ),
    }
    for (const [who, caller] of Object.entries(callers)) {
      const answer = await caller.get(path)
      expect({ who, status: answer.status }).toEqual({ who, status: 404 })
    }
    expect(
      (await owner.get("/store/acquiring/carts/cart_missing/payment-providers"))
        .status
    ).toBe(404)
    const mine = await owner.get(path)
    expect([mine.status, mine.data.payment_providers]).toEqual([
      200,
      [
        { id: CARD_PROVIDER, available: true },
        { id: HOSTED_PROVIDER, available: true },
      ],
    ])
  })

  // the account's other rules, on the same app: when a payment asks for 3-D Secure
  describe("3-D Secure rules", () => threeDSecureRulesCases(suite))
})
