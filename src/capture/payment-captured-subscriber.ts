/**
 * A partial capture: the acquirer captured that part and released the rest,
 * so nothing more of the payment can be captured. Medusa still counts the
 * rest as capturable; marking the payment captured makes it agree (its
 * captures stay as they are, so refunds remain bounded by what was
 * captured).
 */
import { PaymentEvents } from "@medusajs/framework/utils"
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { compareAmounts, sumAmounts } from "../gateway/index"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { readSession } from "../payment-sessions/session-store"
import { withPaymentLock } from "../locking/locks"
import { exactAmountOf } from "../money/medusa-amount"
import { loggerOf, paymentModule } from "../order-payments/payment-store"

export default async function paymentCaptured({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const payments = paymentModule(container)
  await withPaymentLock(container, event.data.id, async () => {
    const payment = await payments.retrievePayment(event.data.id, {
      select: ["id", "provider_id", "data", "captured_at", "currency_code"],
      relations: ["captures"],
    })
    if (payment.captured_at || !isAcquiringProvider(payment.provider_id)) return
    const data = await readSession(payment.data)
    const currency = data.currency
    if (data.status !== "captured" || !data.captured_amount || !currency) return
    const recorded = sumAmounts(
      (payment.captures ?? []).map((c) =>
        exactAmountOf(c.raw_amount, c.amount)
      ),
      currency
    )
    if (compareAmounts(recorded, data.captured_amount) !== 0) return
    const update = { id: payment.id, captured_at: new Date() }
    await payments.updatePayment(update)
    loggerOf(container).info(
      `[acquiring] payment ${payment.id}: ${data.captured_amount} ${currency} captured, the rest released by the acquirer`
    )
  })
}

export const config: SubscriberConfig = {
  event: PaymentEvents.CAPTURED,
  context: { subscriberId: "acquiring-partial-capture" },
}
