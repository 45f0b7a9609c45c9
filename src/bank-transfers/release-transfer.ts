/**
 * An order cancelled while its bank transfer is awaited: the transfer is
 * voided at the acquirer, so money the shopper sends afterwards is refused
 * rather than taken for an order that no longer exists; money that arrived
 * in the meantime is refunded (releaseUnused). Medusa's session ends
 * canceled. Under the session's lock, as its arrival is recorded.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { choiceOf, coreFor } from "../accounts/registry"
import { releaseUnused } from "../cancellation/release"
import { withSessionLock } from "../locking/locks"
import { paymentModule, saveSessionData } from "../order-payments/payment-store"
import { readSession } from "../payment-sessions/session-store"
import { STORED_SESSION_FIELDS } from "../order-payments/payment-store"

export async function releaseAwaitedTransfers(
  container: MedusaContainer,
  orderId: string
): Promise<void> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "payment_collections.payment_sessions.id",
      "payment_collections.payment_sessions.provider_id",
      "payment_collections.payment_sessions.status",
    ],
    filters: { id: orderId },
  })
  const collections = (data[0]?.payment_collections ?? []) as {
    payment_sessions?: { id: string; provider_id: string; status: string }[]
  }[]
  const awaited = collections
    .flatMap((c) => c?.payment_sessions ?? [])
    .filter(
      (s) =>
        isAcquiringProvider(s.provider_id) &&
        s.status === "pending_authorization"
    )
  for (const { id } of awaited)
    await withSessionLock(container, id, async () => {
      const [session] = await paymentModule(container).listPaymentSessions(
        { id },
        { select: [...STORED_SESSION_FIELDS] }
      )
      if (session?.status !== "pending_authorization") return
      const stored = await readSession(session.data)
      const core = await coreFor(
        container,
        session.provider_id,
        choiceOf(stored)
      )
      const released = await releaseUnused(core, stored)
      await saveSessionData(container, session, {
        ...released,
        status: "canceled",
        transfer_voided: true,
      })
    })
}
