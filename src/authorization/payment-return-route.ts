/**
 * GET /store/acquiring/returns/:attempt: the return page's view of a
 * payment, found by the attempt token the plugin put in the return URL.
 * The storefront's cookies may not survive the way back from another site
 * (a `SameSite=Strict` cart cookie, a signed-in customer's token), so the
 * token itself is what lets the page read the outcome, the cart and the
 * order made from it; the publishable key must still be the cart's sales
 * channel's. Nothing here is more than the storefront view of the session.
 *
 * The order is named once Medusa's completion of the cart has ended
 * (`completedOrderOfCart`). Until then the page sees no order and completes
 * the cart itself, which waits for that completion and answers its order.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sessionOfAttempt } from "../journal/journal"
import { completedOrderOfCart } from "../order-payments/cart-order"
import { sessionCartInChannel } from "../payment-sessions/ownership"
import { loadSession, sessionAnswer } from "../session-access/session-access"
import { answering } from "../session-access/store-answers"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  await answering(res, async () => {
    const attempt = req.params.attempt
    const sessionId = await sessionOfAttempt(attempt)
    const cart = await sessionCartInChannel(req, sessionId, {
      withOrder: true,
    })
    // asked again under the cart's lock only once there is an order
    const orderId = cart.order?.id
      ? await completedOrderOfCart(req.scope, cart.id)
      : null
    const loaded = await loadSession(req.scope, sessionId)
    const { payment_session } = sessionAnswer(loaded.session, loaded.data)
    res.status(200).json({
      payment_return: {
        attempt,
        cart_id: cart.id,
        order_id: orderId,
        payment_session,
      },
    })
  })
}
