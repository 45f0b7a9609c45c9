/**
 * A signed-in customer's order paid with the approved card, kept or not,
 * and its authorisation lapsed: what the re-authorisation specs (HTTP and
 * browser) start from.
 */
import { runAuthorizationLapsing } from "../../src/jobs/authorizations-lapsing"
import { expectStatus } from "../../dev/store-client/http-client"
import {
  CARD_PROVIDER,
  type AcquiringSuite,
  type Shop,
} from "./acquiring-suite"
import { adminPayment, cartWithSession, expectOrder } from "./checkout"
import { customerToken, storeAs } from "./store-callers"
import { cardBody, CARDS } from "./test-cards"

/** The order (15.00 USD), its payment and transaction; the card kept for the customer when `keep`. */
export async function orderPaidByCustomer(
  suite: Pick<AcquiringSuite, "openShop" | "backendUrl">,
  email: string,
  keep: boolean
) {
  const shop = await suite.openShop()
  const token = await customerToken(shop, suite.backendUrl, email)
  const own: Shop = {
    ...shop,
    store: storeAs(suite.backendUrl, shop.seeded.publishableKey, token),
  }
  const { cart, session } = await cartWithSession(own, CARD_PROVIDER, {
    email,
  })
  expectStatus(
    await own.store.post(
      `/store/acquiring/payment-sessions/${session.id}/card`,
      { ...cardBody(CARDS.approved), ...(keep ? { save_card: true } : {}) }
    ),
    200,
    "pay"
  )
  const order = await expectOrder(own, cart.id)
  const payment = await adminPayment(shop, order.id)
  return {
    shop,
    order,
    payment,
    tx: payment.data.transaction_id as string,
  }
}

/** Ages the transaction past its 7 days; the admin's sync and the lapse job cancel the payment in Medusa. */
export async function lapsePayment(
  suite: Pick<AcquiringSuite, "sandbox" | "container">,
  shop: Shop,
  orderId: string,
  payment: { id: string; data: Record<string, unknown> }
): Promise<void> {
  const tx = payment.data.transaction_id as string
  expect((await suite.sandbox.age(tx, 8)).payment_status).toBe("1100")
  // the admin's sync reads the acquirer's transaction date: the lapse is past
  expectStatus(
    await shop.admin.post(`/admin/acquiring/payments/${payment.id}/sync`, {}),
    200,
    "sync"
  )
  // the job cancels it in Medusa (unless the sync's status query already did)
  await runAuthorizationLapsing(suite.container())
  expect((await adminPayment(shop, orderId)).canceled_at).toBeTruthy()
}
