/**
 * A deduction declined because the subscription's stored card is gone
 * (E0011): no try of the acquirer can succeed on that card again. So the
 * plugin stops the subscription at the acquirer (its retries would only be
 * declined), makes the deduction's order, and asks the customer to pay it
 * by a payment link with a new card. That payment carries the subscription
 * again, so the acquirer starts it anew on the new card, and the card is
 * kept for the customer where the store keeps cards.
 *
 * Runs under the deduction's lock. The order is made once (its id chosen
 * before it is made); a link is made only while the order still owes.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { hostedProviderOf } from "../accounts/provider-entries"
import { choiceOf, coreFor } from "../accounts/registry"
import type { AcquiringDeductionRow } from "../modules/acquiring/types"
import {
  owesSomething,
  readOrderBalance,
} from "../order-payments/order-balance"
import { loggerOf, paymentModule } from "../order-payments/payment-store"
import { makePaymentLink, type MadeLink } from "../payment-links/make-link"
import { LINK_LIFETIME_HOURS } from "../payment-links/payment-link-state"
import { cancelAcquiringSubscriptionWorkflow } from "../subscriptions/workflows/cancel-acquiring-subscription"
import { loadSession } from "../session-access/session-access"
import { deductionOrder, firstOrderOf } from "./renewal-order"
import { thrownMessage } from "../journal/errors"

export interface NewCardLink extends MadeLink {
  order_id: string
  order_display_id: number | null
}

export async function offerNewCard(
  scope: MedusaContainer,
  deduction: AcquiringDeductionRow
): Promise<NewCardLink | null> {
  const log = loggerOf(scope)
  const first = await firstOrderOf(scope, deduction.first_session_id)
  const hosted = hostedProviderOf(
    scope.resolve("configModule"),
    deduction.provider_id
  )
  if (!first || !hosted) return null
  const firstSession = await loadSession(scope, deduction.first_session_id)
  const asked = firstSession.data.subscription?.order

  const [firstPayment] = await paymentModule(scope).listPayments(
    { payment_session_id: deduction.first_session_id },
    { select: ["id"] }
  )
  if (firstPayment)
    await cancelAcquiringSubscriptionWorkflow(scope)
      .run({ input: { payment_id: firstPayment.id } })
      .catch((error: unknown) =>
        // its retries are declined and then it ends by itself: nothing is charged meanwhile
        log.warn(
          `[acquiring] subscription ${deduction.recurring_id ?? ""} with a lapsed card could not be cancelled now: ${thrownMessage(error)}`
        )
      )

  const { orderId } = await deductionOrder(scope, deduction, first)
  const balance = await readOrderBalance(scope, orderId)
  if (!owesSomething(balance.owed)) return null
  const core = await coreFor(scope, hosted, choiceOf(firstSession.data))
  const link = await makePaymentLink(scope, balance, {
    provider_id: hosted,
    backend_url: core.options.backend_url,
    hours: LINK_LIFETIME_HOURS.default,
    created_by: null,
    session: {
      ...(asked ? { subscription: { order: asked } } : {}),
      ...(first.customer_id ? { keep_card_for: first.customer_id } : {}),
    },
  })
  log.info(
    `[acquiring] deduction ${deduction.order_no}: the stored card lapsed; order ${balance.display_id ?? orderId} asks the customer to pay ${link.amount} ${link.currency} with a new card by a payment link until ${link.expires_at}`
  )
  return { ...link, order_id: orderId, order_display_id: balance.display_id }
}
