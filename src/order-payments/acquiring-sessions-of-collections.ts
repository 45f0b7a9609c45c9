/**
 * The acquiring payment sessions of an order's payment collections, each
 * with its Medusa payment (if any) and its private state: what a request
 * reads to know whether the order already holds money of its own making.
 */
import type {
  MedusaContainer,
  PaymentSessionDTO,
} from "@medusajs/framework/types"
import { isAcquiringProvider } from "../accounts/provider-entries"
import type { SessionData } from "../payment-sessions/session-data"
import { readSessions } from "../payment-sessions/session-store"
import { paymentModule } from "./payment-store"

export type SessionWithState = {
  session: Pick<PaymentSessionDTO, "id" | "provider_id" | "payment">
  state: SessionData
}

export async function acquiringSessionsOfCollections(
  scope: MedusaContainer,
  collectionIds: string[]
): Promise<SessionWithState[]> {
  if (!collectionIds.length) return []
  const sessions = (
    await paymentModule(scope).listPaymentSessions(
      { payment_collection_id: collectionIds },
      { select: ["id", "provider_id", "data"], relations: ["payment"] }
    )
  ).filter((session) => isAcquiringProvider(session.provider_id))
  const states = await readSessions(sessions.map((session) => session.data))
  return sessions.map((session, i) => ({ session, state: states[i] }))
}
