/**
 * A session authorised at the acquirer whose cart never became an order:
 * the cart is completed now (as the acquirer's notification would have
 * done); if it still cannot become an order, the authorisation is voided so
 * no money is held without an order.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { choiceOf, coreFor } from "../accounts/registry"
import { releaseUnused } from "../cancellation/release"
import { readSession } from "../payment-sessions/session-store"
import {
  loggerOf,
  paymentModule,
  saveSessionData,
} from "../order-payments/payment-store"
import type { StoredSession } from "./sessions"
import { thrownMessage } from "../journal/errors"

export async function settleAbandoned(
  container: MedusaContainer,
  sessions: StoredSession[]
): Promise<void> {
  for (const session of sessions) {
    try {
      await processPaymentWorkflow(container).run({
        input: {
          action: "authorized",
          data: { session_id: session.id, amount: String(session.amount) },
        },
        throwOnError: false,
      })
      const [after] = await paymentModule(container).listPaymentSessions(
        { id: session.id },
        { relations: ["payment"] }
      )
      if (after?.payment) continue
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
      })
      loggerOf(container).warn(
        `[acquiring] session ${session.id} was authorised but its cart never became an order: authorisation released`
      )
    } catch (error) {
      loggerOf(container).warn(
        `[acquiring] settling abandoned session ${session.id} failed: ${thrownMessage(error)}`
      )
    }
  }
}
