import type { Shop } from "./suite-types"
import {
  expectStatus,
  type HttpAnswer,
} from "../../dev/store-client/http-client"
import {
  completeCart,
  openPaymentSession,
} from "../../dev/store-client/storefront"
import { formsOf, submitForm } from "../../dev/store-client/browser"
import { cardBody, CARDS, EXPIRY, SECURITY_CODE } from "./test-cards"
import { CARD_PROVIDER } from "./acquiring-suite"
import { customerToken, storeAs } from "./store-callers"

/** POST /store/acquiring/payment-sessions/:id/card, as the storefront's card form does. */
export function submitCard(
  shop: Shop,
  sessionId: string,
  number: string
): Promise<HttpAnswer> {
  return shop.store.post(
    `/store/acquiring/payment-sessions/${sessionId}/card`,
    cardBody(number)
  )
}

/** A 200 card answer's session, with what the plugin stored merged into its data (tests read both). */
export async function paidSession(
  shop: Shop,
  answer: HttpAnswer,
  step: string
): Promise<any> {
  const { payment_session } = expectStatus(answer, 200, step)
  return {
    ...payment_session,
    data: {
      ...payment_session.data,
      ...(await shop.stored(payment_session.id)),
    },
  }
}

/** A cart with a payment session of `providerId`, ready for a card or the hosted page. */
export async function cartWithSession(
  shop: Shop,
  providerId: string,
  options: { currency?: string; quantity?: number; email?: string } = {}
) {
  const cart = await shop.readyCart(options)
  const { session, answer, collectionId } = await openPaymentSession(
    shop.store,
    cart.id,
    providerId
  )
  expectStatus(answer, 200, `create ${providerId} payment session`)
  if (!session) {
    throw new Error(`no ${providerId} session in ${answer.text.slice(0, 500)}`)
  }
  return { cart, session, collectionId, answer }
}

/** Completes the cart and returns the order, failing with Medusa's answer otherwise. */
export async function expectOrder(shop: Shop, cartId: string): Promise<any> {
  const answer = await completeCart(shop.store, cartId)
  const body = expectStatus(answer, 200, "complete cart")
  if (body.type !== "order") {
    throw new Error(
      `complete cart gave ${body.type}: ${JSON.stringify(body.error ?? body).slice(0, 1000)}`
    )
  }
  return body.order
}

/** Card entry, approval and order: the direct checkout of an approved card. */
export async function placeDirectOrder(
  shop: Shop,
  options: {
    currency?: string
    quantity?: number
    card?: string
    email?: string
  } = {}
) {
  const { cart, session } = await cartWithSession(
    shop,
    "pp_acquiring-card_acquiring",
    options
  )
  const paid = expectStatus(
    await submitCard(shop, session.id, options.card ?? CARDS.approved),
    200,
    "submit card"
  )
  const order = await expectOrder(shop, cart.id)
  // the storefront's view plus what the plugin stored (transaction id, order number, amount)
  const stored = await shop.stored(session.id)
  return {
    cart,
    session,
    paid: {
      ...paid.payment_session,
      data: { ...paid.payment_session.data, ...stored },
    },
    order,
  }
}

/** The store's orders as an admin lists them: id, number, payment status, total. */
export async function ordersOf(shop: Shop): Promise<any[]> {
  return expectStatus(
    await shop.admin.get(
      "/admin/orders?fields=id,display_id,payment_status,total"
    ),
    200,
    "admin orders"
  ).orders
}

const ORDER_PAYMENT_FIELDS = [
  "id",
  "status",
  "payment_status",
  "total",
  "currency_code",
  "*payment_collections",
  "*payment_collections.payments",
  "*payment_collections.payments.captures",
  "*payment_collections.payments.refunds",
].join(",")

/** The order as an admin sees it, with its payment collections, payments, captures and refunds. */
export async function adminOrder(shop: Shop, orderId: string): Promise<any> {
  const { order } = expectStatus(
    await shop.admin.get(
      `/admin/orders/${orderId}?fields=${encodeURIComponent(ORDER_PAYMENT_FIELDS)}`
    ),
    200,
    "admin order"
  )
  return order
}

/** The order's single payment. */
export async function adminPayment(shop: Shop, orderId: string): Promise<any> {
  const order = await adminOrder(shop, orderId)
  const payments = order.payment_collections.flatMap(
    (c: any) => c.payments ?? []
  )
  expect(payments).toHaveLength(1)
  // tests read the plugin's state of the payment; Medusa's data is the storefront view
  return { ...payments[0], data: await shop.state(payments[0].data) }
}

/** The hosted checkout page as the storefront fetches it, and the sandbox's card page it leads to. */
export async function openHostedPage(
  shop: Shop,
  backendUrl: string,
  options: { currency?: string } = {}
) {
  const { cart, session, collectionId } = await cartWithSession(
    shop,
    "pp_acquiring-hosted_acquiring",
    options
  )
  const path = `/store/acquiring/payment-sessions/${session.id}/checkout`
  const checkout = await shop.store.get(path)
  expectStatus(checkout, 200, "hosted checkout page")
  expect(checkout.headers.get("content-type")).toMatch(/^text\/html/)
  // The page's script appends the JSON block's entries to theForm before submitting it.
  const [checkoutForm] = formsOf(
    checkout.text,
    `${backendUrl}${path}`,
    "checkout-data"
  )
  const onward = await submitForm(checkoutForm)
  const cardPage = onward.visits.at(-1)!
  expect(cardPage.status).toBe(200)
  const [payForm, cancelForm] = formsOf(cardPage.text, cardPage.url)
  return {
    cart,
    session,
    collectionId,
    checkout,
    checkoutForm,
    payForm,
    cancelForm,
  }
}

/** The card fields of the hosted payment page. */
export function hostedCardFields(number: string): Record<string, string> {
  return {
    card: number,
    expiration_month: EXPIRY.month,
    expiration_year: EXPIRY.year,
    security_code: SECURITY_CODE,
  }
}

/** The plugin's admin view of one payment (GET /admin/acquiring/payments/:id). */
export async function acquiringPaymentDetail(
  shop: Shop,
  paymentId: string
): Promise<any> {
  return expectStatus(
    await shop.admin.get(`/admin/acquiring/payments/${paymentId}`),
    200,
    "payment detail"
  ).payment
}

/**
 * A signed-in customer pays a cart by card and asks to keep the card:
 * answers their store client, the cart and the session it paid.
 */
export async function customerKeepsCard(
  shop: Shop,
  backendUrl: () => string,
  email: string
) {
  const store = storeAs(
    backendUrl,
    shop.seeded.publishableKey,
    await customerToken(shop, backendUrl, email)
  )
  const { cart, session } = await cartWithSession(
    { ...shop, store },
    CARD_PROVIDER,
    { email }
  )
  expectStatus(
    await store.post(`/store/acquiring/payment-sessions/${session.id}/card`, {
      ...cardBody(CARDS.approved),
      save_card: true,
    }),
    200,
    "pay and keep the card"
  )
  return { store, cart, session }
}
