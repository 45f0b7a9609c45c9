/**
 * A partial capture: the acquirer captured that part and released the rest,
 * so nothing more of the payment can be captured. Medusa still counts the
 * rest as authorised and to come; its payment and collection are made to
 * say what the acquirer did (order-payments/released-remainder.ts). Its
 * captures stay as they are, so refunds remain bounded by what was
 * captured.
 */
import { PaymentEvents } from "@medusajs/framework/utils"
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { withPaymentLock } from "../locking/locks"
import { recordReleasedRemainder } from "../order-payments/released-remainder"

export default async function paymentCaptured({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await withPaymentLock(container, event.data.id, () =>
    recordReleasedRemainder(container, event.data.id)
  )
}

export const config: SubscriberConfig = {
  event: PaymentEvents.CAPTURED,
  context: { subscriberId: "acquiring-partial-capture" },
}
