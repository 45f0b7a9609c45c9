/**
 * An order was cancelled: a void the acquirer did not confirm at once
 * (`void_pending`) is retried now; the reconcile job retries it again until
 * the acquirer confirms, so no capturable authorisation stays behind a
 * cancelled order. A bank transfer the order still awaits is voided too.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { acquiringPaymentsOfOrder } from "../order-payments/acquiring-payments-of-order"
import { readSessions } from "../payment-sessions/session-store"
import { releaseAwaitedTransfers } from "../bank-transfers/release-transfer"
import { reconcilePayments, type StoredPayment } from "./payments"

export default async function orderCanceled({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const acquiring = (await acquiringPaymentsOfOrder(
    container,
    event.data.id
  )) as StoredPayment[]
  const states = await readSessions(acquiring.map((p) => p.data))
  const payments = acquiring.filter((_, i) => states[i].void_pending)
  if (payments.length) await reconcilePayments(container, payments)
  // a bank transfer still awaited has no payment yet: voided at the acquirer
  await releaseAwaitedTransfers(container, event.data.id)
}

export const config: SubscriberConfig = {
  event: "order.canceled",
  context: { subscriberId: "acquiring-order-canceled" },
}
