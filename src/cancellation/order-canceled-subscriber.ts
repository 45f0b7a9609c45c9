/**
 * An order was cancelled: a void the acquirer did not confirm at once
 * (`void_pending`) is retried now; the reconcile job retries it again until
 * the acquirer confirms, so no capturable authorisation stays behind a
 * cancelled order. A bank transfer the order still awaits is voided too.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { readSessions } from "../payment-sessions/session-store"
import { releaseAwaitedTransfers } from "../bank-transfers/release-transfer"
import {
  reconcilePayments,
  type StoredPayment,
} from "../reconciliation/payments"

export default async function orderCanceled({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.data",
      "payment_collections.payments.captured_at",
      "payment_collections.payments.canceled_at",
    ],
    filters: { id: event.data.id },
  })
  const acquiring = (
    (data[0]?.payment_collections ?? []) as { payments?: StoredPayment[] }[]
  )
    .flatMap((c) => c?.payments ?? [])
    .filter((p) => p && isAcquiringProvider(p.provider_id))
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
