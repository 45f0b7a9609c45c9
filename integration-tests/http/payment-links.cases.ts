import { Modules } from "@medusajs/framework/utils"
import {
  type AcquiringSuite,
  HOSTED_PROVIDER,
} from "../helpers/acquiring-suite"
import {
  adminOrder,
  hostedCardFields,
  placeDirectOrder,
} from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import {
  createLink,
  linkPaymentOf,
  linksPath,
  openLink,
  orderOwingTen,
  pendingDifference,
  phoneDraftOrder,
} from "../helpers/payment-links"
import { expectStatus } from "../../dev/store-client/http-client"
import { submitForm } from "../../dev/store-client/browser"
import { CARDS } from "../helpers/test-cards"
import { hostedMethods } from "../helpers/hosted-methods"

const LINK_URL = /\/acquiring\/pay\/([A-Za-z0-9_-]{43})$/

/**
 * Payment links for what an order still owes: an order paid and captured,
 * then edited through Medusa's admin order-edit routes to add an item
 * (10.00 USD more); the link opens the acquirer's hosted page by a plain
 * GET, once, until it expires; the payment lands on the order's payment
 * collection through the notification and Medusa's webhook path.
 */
/** `2026-11-28 14:37 UTC`, as the server's refusals name times. */
const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`

export function paymentLinksCases(suite: AcquiringSuite) {
  const { sandbox, openShop, backendUrl, container } = suite
  const { awaitedTransfer } = hostedMethods(suite)

  /** The order's payment sessions, on all its collections. */
  async function sessionCount(orderId: string): Promise<number> {
    const query = container().resolve("query")
    const { data } = await query.graph({
      entity: "order",
      fields: ["payment_collections.payment_sessions.id"],
      filters: { id: orderId },
    })
    return (data[0]?.payment_collections ?? []).flatMap(
      (c: any) => c?.payment_sessions ?? []
    ).length
  }

  it("takes what the edited order owes on the hosted page, records it on the order, and opens once", async () => {
    const shop = await openShop()
    const orderId = await orderOwingTen(suite, shop)

    const before = expectStatus(
      await shop.admin.get(linksPath(orderId)),
      200,
      "list links"
    )
    expect(before).toEqual({
      payment_links: [],
      outstanding: { amount: "10.00", currency: "USD" },
      transfers: [],
    })

    const link = await createLink(shop, orderId)
    expect(link).toMatchObject({ amount: "10.00", currency: "USD" })
    expect(link.url.startsWith(`${backendUrl()}/acquiring/pay/`)).toBe(true)
    const token = LINK_URL.exec(link.url)![1]
    const hours = (Date.parse(link.expires_at) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(71.9)
    expect(hours).toBeLessThanOrEqual(72)

    // the token is shown once: neither the list nor the table holds it
    const listed = await shop.admin.get(linksPath(orderId))
    expect(listed.text).not.toContain(token)
    const rows = await container()
      .resolve<{ listAcquiringPaymentLinks(f: object): Promise<any[]> }>(
        "acquiring"
      )
      .listAcquiringPaymentLinks({ order_id: orderId })
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/)

    const { checkoutForm, payForm } = await openLink(link.url)
    expect(checkoutForm.inputs.amount).toBe("10.00")
    expect(checkoutForm.inputs.shopper_email).toBe("ada.shopper@example.test")
    expect(checkoutForm.inputs.notify_url).toBe(
      `${backendUrl()}/hooks/payment/acquiring-hosted_acquiring`
    )

    // opened once: a second load (or the shopper's Back) is refused
    const again = await fetch(link.url, { redirect: "manual" })
    expect(again.status).toBe(410)
    expect(await again.text()).toContain("This payment link was already opened")

    const paid = await submitForm(payForm, hostedCardFields(CARDS.approved), {
      followRedirects: false,
    })
    expect(paid.visits[0].status).toBe(303)
    // back from the acquirer: no storefront checkout to land on, the outcome in words here
    const back = await fetch(paid.visits[0].location!, { redirect: "manual" })
    expect(back.status).toBe(200)
    expect(await back.text()).toContain("Thank you: your payment is received")
    const tx = (await sandbox.transactionByOrderNo(
      checkoutForm.inputs.order_no
    ))!
    expect(tx).toMatchObject({ state: "authorised", amount: "10.00" })

    // Medusa records the session from several places at once (the
    // notification, the reconcile job, the admin): the runs that lose the race
    // roll back, and their rollback must not void what the winner recorded
    const payments = container().resolve(Modules.PAYMENT)
    // under load the notification's own recording may win and all four lose
    await Promise.allSettled(
      [1, 2, 3, 4].map(() =>
        payments.authorizePaymentSession(rows[0].payment_session_id, {})
      )
    )
    expect(
      await payments.listPayments({
        payment_session_id: rows[0].payment_session_id,
      })
    ).toHaveLength(1)
    expect((await sandbox.transaction(tx.transaction_id)).state).toBe(
      "authorised"
    )
    const cancels = (await sandbox.requests("cancel")).filter((r) =>
      (r.body.cancel_orders ?? []).some(
        (e: { order_no?: string }) => e.order_no === tx.order_no
      )
    )
    expect(cancels).toEqual([])

    // the notification reaches Medusa's webhook path, which authorises the order collection's session
    const payment = await eventually(
      "the link's payment on the order",
      () => linkPaymentOf(shop, orderId, HOSTED_PROVIDER),
      30_000
    )
    expect(Number(payment.amount)).toBe(10)

    // captured as the account says (by hand here): then the order owes nothing
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture the link's payment"
    )
    expect(await pendingDifference(shop, orderId)).toBe(0)

    const after = expectStatus(
      await shop.admin.get(linksPath(orderId)),
      200,
      "list links after payment"
    )
    expect(after.outstanding).toEqual({ amount: "0.00", currency: "USD" })
    expect(after.payment_links).toHaveLength(1)
    expect(after.payment_links[0]).toMatchObject({
      id: link.id,
      status: "paid",
      amount: "10.00",
      currency: "USD",
    })
    expect(after.payment_links[0].used_at).not.toBeNull()

    const paidAgain = await fetch(link.url, { redirect: "manual" })
    expect(paidAgain.status).toBe(410)
    expect(await paidAgain.text()).toContain("This payment has been made")

    // nothing more is owed: no new link
    const refused = await shop.admin.post(linksPath(orderId), {})
    expect(refused.status).toBe(409)
    expect(refused.data.message).toMatch(/owes nothing/)
  })

  it("takes a card by phone: a staff link lives an hour and opens the hosted page as MOTO, where a card the issuer would challenge is authorised without 3-D Secure and recorded on the order", async () => {
    const shop = await openShop()
    const orderId = await orderOwingTen(suite, shop)
    const link = await createLink(shop, orderId, { staff_entered: true })
    const hours = (Date.parse(link.expires_at) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(0.9)
    expect(hours).toBeLessThanOrEqual(1)

    const { checkoutForm, payForm } = await openLink(link.url)
    const sent = new URLSearchParams(checkoutForm.inputs.allParams)
    expect([sent.get("amount"), sent.get("order_type")]).toEqual([
      "10.00",
      "MOTO",
    ])
    const paid = await submitForm(payForm, hostedCardFields(CARDS.challenge), {
      followRedirects: false,
    })
    // straight back from the acquirer: no issuer's page in between
    expect(paid.visits[0].status).toBe(303)
    expect(paid.visits[0].location).not.toMatch(/3ds/)
    const tx = (await sandbox.transactionByOrderNo(
      checkoutForm.inputs.order_no
    ))!
    expect(tx).toMatchObject({
      state: "authorised",
      amount: "10.00",
      order_type: "MOTO",
      threeds_result: "",
    })
    const payment = await eventually(
      "the phone payment on the order",
      () => linkPaymentOf(shop, orderId, HOSTED_PROVIDER),
      30_000
    )
    expect(payment.amount).toBe(10)
    // authorised for what was owed: the order owes nothing more (Medusa counts it once captured)
    expect(
      expectStatus(await shop.admin.get(linksPath(orderId)), 200, "links")
        .outstanding
    ).toEqual({ amount: "0.00", currency: "USD" })
    // a body field that is not true or false is named
    const refused = await shop.admin.post(linksPath(orderId), {
      staff_entered: "yes",
    })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain("staff_entered")
  })

  it("a draft order taken by phone: refused until the admin asks to convert it, then converted to an order (placed once, for two admins at once) whose card staff type as MOTO, the payment on the order", async () => {
    const shop = await openShop()
    const draft = await phoneDraftOrder(shop, "phone.customer@example.test")
    const placed: string[] = []
    const bus = container().resolve(Modules.EVENT_BUS)
    const onPlaced = async (event: any) => {
      if (event.data?.id === draft.id) placed.push(event.data.id)
    }
    bus.subscribe("order.placed", onPlaced, {
      subscriberId: `draft-${draft.id}`,
    })

    // not without the admin's word: a draft stays a draft, nothing sent
    const authorisesBefore = (await sandbox.requests("authorise")).length
    const refused = await shop.admin.post(linksPath(draft.id), {
      staff_entered: true,
    })
    expect(refused.status).toBe(409)
    expect(refused.data.message).toContain("is a draft order")
    expect(refused.data.message).toContain("convert_draft")
    const stillDraft = expectStatus(
      await shop.admin.get(`/admin/draft-orders/${draft.id}?fields=id,status`),
      200,
      "the draft"
    ).draft_order
    expect(stillDraft.status).toBe("draft")
    const notBool = await shop.admin.post(linksPath(draft.id), {
      convert_draft: "yes",
    })
    expect(notBool.status).toBe(400)
    expect(notBool.text).toContain("convert_draft")

    // two admins at once: one conversion, two links (the second replaces the first, unopened)
    const [first, second] = await Promise.all([
      shop.admin.post(linksPath(draft.id), {
        staff_entered: true,
        convert_draft: true,
      }),
      shop.admin.post(linksPath(draft.id), {
        staff_entered: true,
        convert_draft: true,
      }),
    ])
    const answers = [first, second].map((a) =>
      expectStatus(a, 201, "link for the draft")
    )
    expect(answers.map((a) => a.converted_draft).sort()).toEqual([false, true])
    const order = await adminOrder(shop, draft.id)
    expect(order.status).toBe("pending")
    expect(await pendingDifference(shop, draft.id)).toBe(Number(order.total))
    await eventually("order.placed for the converted draft", async () =>
      placed.length > 0 ? placed : undefined
    )

    // the later link is the one that opens; staff type a card the issuer would challenge
    const links = expectStatus(
      await shop.admin.get(linksPath(draft.id)),
      200,
      "links"
    ).payment_links
    const open = answers.find(
      (a) =>
        links.find((l: any) => l.id === a.payment_link.id)?.status === "open"
    )!
    const { checkoutForm, payForm } = await openLink(open.payment_link.url)
    const sent = new URLSearchParams(checkoutForm.inputs.allParams)
    expect(sent.get("order_type")).toBe("MOTO")
    expect(sent.get("amount")).toBe(open.payment_link.amount)
    await submitForm(payForm, hostedCardFields(CARDS.challenge), {
      followRedirects: false,
    })
    const payment = await eventually(
      "the phone payment on the converted order",
      () => linkPaymentOf(shop, draft.id, HOSTED_PROVIDER),
      30_000
    )
    expect(String(payment.amount)).toBe(String(Number(order.total)))
    expect(
      expectStatus(await shop.admin.get(linksPath(draft.id)), 200, "links")
        .outstanding.amount
    ).toBe("0.00")
    // the card went to the acquirer's page only, never through the store's card route
    expect((await sandbox.requests("authorise")).length).toBe(authorisesBefore)
    expect(placed).toEqual([draft.id])
    await bus.unsubscribe("order.placed", onPlaced, {
      subscriberId: `draft-${draft.id}`,
    })
  })

  it("a draft order paid by a link: converted on the admin's word, the customer pays the link with a shopper's card (no MOTO), the payment on the order and nothing owed", async () => {
    const shop = await openShop()
    const draft = await phoneDraftOrder(shop, "link.customer@example.test")
    const { payment_link: link, converted_draft } = expectStatus(
      await shop.admin.post(linksPath(draft.id), { convert_draft: true }),
      201,
      "link for the draft"
    )
    expect(converted_draft).toBe(true)
    const order = await adminOrder(shop, draft.id)
    expect(order.status).toBe("pending")
    // two of the seeded 10.00 item, no shipping method on the draft
    expect(link).toMatchObject({ amount: "20.00", currency: "USD" })

    const { checkoutForm, payForm } = await openLink(link.url)
    expect(checkoutForm.inputs.shopper_email).toBe("link.customer@example.test")
    // a shopper's payment: no order type, so the issuer may challenge
    expect(
      new URLSearchParams(checkoutForm.inputs.allParams).get("order_type")
    ).toBeNull()
    const paid = await submitForm(payForm, hostedCardFields(CARDS.approved), {
      followRedirects: false,
    })
    expect(paid.visits[0].status).toBe(303)
    const payment = await eventually(
      "the link's payment on the converted draft",
      () => linkPaymentOf(shop, draft.id, HOSTED_PROVIDER),
      30_000
    )
    expect(String(payment.amount)).toBe("20")
    expect(
      expectStatus(await shop.admin.get(linksPath(draft.id)), 200, "links")
        .outstanding.amount
    ).toBe("0.00")
  })

  it("refuses expired links, opens a link once for two clicks at once, and refuses forged or malformed tokens", async () => {
    const shop = await openShop()
    const orderId = await orderOwingTen(suite, shop)

    const invalid = await shop.admin.post(linksPath(orderId), {
      expires_in_hours: 500,
    })
    expect(invalid.status).toBe(400)
    expect(invalid.data.issues).toEqual([
      {
        field: "expires_in_hours",
        reason: "must be at most 168 (a week)",
      },
    ])
    const cardProvider = await shop.admin.post(linksPath(orderId), {
      provider_id: "pp_acquiring-hosted_elsewhere",
    })
    expect(cardProvider.status).toBe(400)
    expect(cardProvider.data.issues[0].field).toBe("provider_id")

    const soon = await createLink(shop, orderId, { expires_in_hours: 1 })
    const hours = (Date.parse(soon.expires_at) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(0.9)
    expect(hours).toBeLessThanOrEqual(1)
    // an hour goes by
    await container()
      .resolve<{ updateAcquiringPaymentLinks(data: object): Promise<unknown> }>(
        "acquiring"
      )
      .updateAcquiringPaymentLinks({
        id: soon.id,
        expires_at: new Date(Date.now() - 1000),
      })
    const expired = await fetch(soon.url, { redirect: "manual" })
    expect(expired.status).toBe(410)
    expect(await expired.text()).toContain("This payment link has expired")

    const link = await createLink(shop, orderId)
    const checkoutsBefore = (await sandbox.requests("checkout")).length
    const clicks = await Promise.all([
      fetch(link.url, { redirect: "manual" }),
      fetch(link.url, { redirect: "manual" }),
    ])
    expect(clicks.map((c) => c.status).sort()).toEqual([200, 410])
    // one page asked of the acquirer, not two
    expect((await sandbox.requests("checkout")).length).toBe(
      checkoutsBefore + 1
    )

    // the opened page may be being paid: no new link replaces it yet
    const busy = await shop.admin.post(linksPath(orderId), {})
    expect(busy.status).toBe(409)
    expect(busy.data.message).toMatch(/may be paying now/)

    const forged = await fetch(
      `${backendUrl()}/acquiring/pay/${"A".repeat(43)}`,
      { redirect: "manual" }
    )
    expect(forged.status).toBe(404)
    expect(await forged.text()).toContain("This payment link does not exist")
    for (const garbage of ["abc", "%00", `${"A".repeat(42)}%27`]) {
      const answer = await fetch(`${backendUrl()}/acquiring/pay/${garbage}`, {
        redirect: "manual",
      })
      expect(answer.status).toBe(400)
    }

    const listed = expectStatus(
      await shop.admin.get(linksPath(orderId)),
      200,
      "list links"
    )
    expect(listed.payment_links.map((l: any) => [l.id, l.status])).toEqual([
      [link.id, "used"],
      [soon.id, "expired"],
    ])
    expect(listed.outstanding).toEqual({ amount: "10.00", currency: "USD" })

    // a payment module session stays the collection's only one: the newest link's
    const payments = container().resolve(Modules.PAYMENT)
    const sessions = await payments.listPaymentSessions({
      payment_collection_id: listed.payment_links[0].payment_collection_id,
    })
    expect(sessions).toHaveLength(1)
  })

  it("asks again for what a voided payment held, on a collection of its own", async () => {
    const shop = await openShop()
    const { order } = await placeDirectOrder(shop, { card: CARDS.review })
    const [held] = (await adminOrder(shop, order.id)).payment_collections
    expectStatus(
      await shop.admin.post(
        `/admin/acquiring/payments/${held.payments[0].id}/review`,
        { decision: "reject" }
      ),
      200,
      "reject the held payment (voided)"
    )
    const listed = expectStatus(
      await shop.admin.get(linksPath(order.id)),
      200,
      "list links"
    )
    expect(listed.outstanding).toEqual({ amount: "15.00", currency: "USD" })

    const link = await createLink(shop, order.id)
    expect(link).toMatchObject({ amount: "15.00", currency: "USD" })
    const { checkoutForm, payForm } = await openLink(link.url)
    expect(checkoutForm.inputs.amount).toBe("15.00")
    await submitForm(payForm, hostedCardFields(CARDS.approved), {
      followRedirects: false,
    })
    const payment = await eventually(
      "the link's payment on the order",
      () => linkPaymentOf(shop, order.id, HOSTED_PROVIDER),
      30_000
    )
    // the voided payment stays on the cart's collection; the link's is another
    expect(payment.payment_collection_id).not.toBe(held.id)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture the link's payment"
    )
    expect(await pendingDifference(shop, order.id)).toBe(0)
  })

  it("refuses a link for an order that owes nothing", async () => {
    const shop = await openShop()
    const { order } = await placeDirectOrder(shop)
    // authorised, not yet captured: Medusa's pending difference is the total, yet nothing is owed
    expect(await pendingDifference(shop, order.id)).toBe(15)
    const answer = await shop.admin.post(linksPath(order.id), {})
    expect(answer.status).toBe(409)
    expect(answer.data.type).toBe("conflict")
    const unknown = await shop.admin.post(linksPath("order_nope"), {})
    expect(unknown.status).toBe(404)
  })

  it("never asks for a bank transfer still awaited: nothing outstanding, a link refused (409) naming it; lapsed, the cancelled order owes nothing", async () => {
    const shop = await openShop()
    // ten items: 105.00 USD, the transfer sent from the hosted page, the order made while it is awaited
    const { order, tx } = await awaitedTransfer(shop)
    // Medusa counts it all as pending: a link for it would ask for the money twice
    expect(await pendingDifference(shop, order.id)).toBe(105)
    const listed = expectStatus(
      await shop.admin.get(linksPath(order.id)),
      200,
      "links"
    )
    expect(listed.outstanding).toEqual({ amount: "0.00", currency: "USD" })
    expect(listed.payment_links).toEqual([])
    expect(listed.transfers).toHaveLength(1)
    const [transfer] = listed.transfers
    expect(transfer).toMatchObject({
      status: "awaited",
      amount: "105.00",
      currency: "USD",
      payment_method: "BANK_TRANSFER",
    })
    // since the hosted page was asked for (just before the acquirer's record), until the acquirer's lapse 7 days on
    const atAcquirer = await sandbox.transaction(tx.transaction_id)
    const created = Date.parse(String(atAcquirer.created_at))
    const lapses = Date.parse(String(atAcquirer.lapses_at))
    expect(created - Date.parse(transfer.since)).toBeGreaterThanOrEqual(0)
    expect(created - Date.parse(transfer.since)).toBeLessThan(60_000)
    expect(lapses - Date.parse(transfer.until)).toBeGreaterThanOrEqual(0)
    expect(lapses - Date.parse(transfer.until)).toBeLessThan(60_000)

    const sessionsBefore = await sessionCount(order.id)
    const refused = await shop.admin.post(linksPath(order.id), {})
    expect(refused.status).toBe(409)
    expect(refused.data.type).toBe("conflict")
    expect(refused.data.message).toBe(
      `Order #${order.display_id} owes nothing: the shopper's bank transfer of 105.00 USD, awaited since ${utc(transfer.since)} (the acquirer waits until ${utc(transfer.until)}) is on its way. A payment link would ask for the same money twice; if the transfer does not arrive in time, the order is cancelled and the shopper can order again.`
    )
    // nothing was made for it: no collection, no session, no link
    expect(await sessionCount(order.id)).toBe(sessionsBefore)
    expect(
      expectStatus(await shop.admin.get(linksPath(order.id)), 200, "links")
        .payment_links
    ).toEqual([])

    // the transfer lapses: the order is cancelled, and a cancelled order owes nothing either
    await sandbox.lapseTransfer(tx.transaction_id)
    await eventually(
      "the order cancelled",
      async () =>
        (await adminOrder(shop, order.id)).status === "canceled"
          ? true
          : undefined,
      30_000
    )
    const after = expectStatus(
      await shop.admin.get(linksPath(order.id)),
      200,
      "links"
    )
    expect(after.outstanding).toEqual({ amount: "0.00", currency: "USD" })
    expect(after.transfers).toEqual([{ ...transfer, status: "not_received" }])
    const cancelled = await shop.admin.post(linksPath(order.id), {})
    expect(cancelled.status).toBe(409)
    expect(cancelled.data.message).toBe(
      `Order #${order.display_id} is cancelled: it owes nothing, and a payment link would take money for an order that no longer stands.`
    )
  })
}
