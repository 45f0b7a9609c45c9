/** Orders that owe money and the payment links that take it, as the payment-link specs drive them. */
import type { AcquiringSuite, Shop } from "./acquiring-suite"
import { adminOrder, hostedCardFields, placeDirectOrder } from "./checkout"
import { eventually } from "./polling"
import { CARDS } from "./test-cards"
import { notificationsProcessed } from "./settlement"
import { expectStatus } from "../../dev/store-client/http-client"
import { addOneItem, editOrder } from "./order-edits"
import { formsOf, submitForm } from "../../dev/store-client/browser"

export const linksPath = (orderId: string) =>
  `/admin/acquiring/orders/${orderId}/payment-links`

/**
 * A 15.00 USD order (10.00 item + 5.00 shipping), its card payment
 * captured (by hand unless the account captured it at authorisation), then
 * edited through Medusa's admin order-edit routes to add one more item:
 * it owes 10.00.
 */
export async function orderOwingTen(
  suite: AcquiringSuite,
  shop: Shop
): Promise<string> {
  const { order } = await placeDirectOrder(shop)
  // the approval's notification is dealt with first, so nothing of it lands after the edit
  await notificationsProcessed(suite)
  const [payment] = (await adminOrder(shop, order.id)).payment_collections[0]
    .payments
  if (!payment.captured_at)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture the order's payment"
    )
  expectStatus(
    await editOrder(shop, order.id, addOneItem(shop, order.id)),
    200,
    "confirm the edit"
  )
  expect(await pendingDifference(shop, order.id)).toBe(10)
  return order.id
}

/** A draft order staff create for a customer on the telephone: two of the seeded item, no payment yet. */
export async function phoneDraftOrder(shop: Shop, email: string) {
  const region = Object.values(shop.seeded.regions)[0]
  const { draft_order: draft } = expectStatus(
    await shop.admin.post("/admin/draft-orders", {
      region_id: region.id,
      sales_channel_id: shop.seeded.salesChannelId,
      email,
      shipping_address: {
        first_name: "Pat",
        last_name: "Caller",
        address_1: "1 Line Road",
        city: "Springfield",
        postal_code: "12345",
        country_code: region.country,
      },
      items: [{ variant_id: shop.seeded.variantId, quantity: 2 }],
    }),
    200,
    "draft order"
  )
  expect(draft.status).toBe("draft")
  return draft
}

export async function createLink(
  shop: Shop,
  orderId: string,
  body: object = {}
) {
  return expectStatus(
    await shop.admin.post(linksPath(orderId), body),
    201,
    "create the payment link"
  ).payment_link
}

/** Medusa's summary.pending_difference of the order: what it counts as unpaid. */
export async function pendingDifference(shop: Shop, orderId: string) {
  const { order } = expectStatus(
    await shop.admin.get(`/admin/orders/${orderId}?fields=id,summary`),
    200,
    "order summary"
  )
  return Number(order.summary.pending_difference)
}

/** The link's page as a browser loads it, and the sandbox's card page it leads to. */
export async function openLink(url: string) {
  const page = await fetch(url, { redirect: "manual" })
  const html = await page.text()
  expect(page.status).toBe(200)
  expect(page.headers.get("content-type")).toMatch(/^text\/html/)
  const [checkoutForm] = formsOf(html, url, "checkout-data")
  const onward = await submitForm(checkoutForm)
  const cardPage = onward.visits.at(-1)!
  expect(cardPage.status).toBe(200)
  const [payForm] = formsOf(cardPage.text, cardPage.url)
  return { checkoutForm, payForm }
}

/** The order's payment made through a link's hosted session, once Medusa has recorded it. */
export async function linkPaymentOf(
  shop: Shop,
  orderId: string,
  providerId: string
): Promise<any | undefined> {
  const order = await adminOrder(shop, orderId)
  return order.payment_collections
    .flatMap((c: any) => c.payments ?? [])
    .find((p: any) => p.provider_id === providerId)
}

/**
 * The shopper pays a link elsewhere (not in the admin's page): the link
 * opened, the approved card typed on the acquirer's page, the way back
 * followed; resolves with the link's payment once Medusa has recorded it.
 */
export async function payLinkElsewhere(
  shop: Shop,
  orderId: string,
  url: string,
  providerId: string
): Promise<any> {
  const { payForm } = await openLink(url)
  const paid = await submitForm(payForm, hostedCardFields(CARDS.approved), {
    followRedirects: false,
  })
  expect(paid.visits[0].status).toBe(303)
  const back = await fetch(paid.visits[0].location!, { redirect: "manual" })
  expect(back.status).toBe(200)
  return eventually(
    "the link's payment on the order",
    () => linkPaymentOf(shop, orderId, providerId),
    30_000
  )
}
