/**
 * What the plugin's store routes share: a payment session of an acquiring
 * provider, loaded with its provider core and its state from the plugin's
 * table, saved back to that table and to the payment module (which keeps
 * only the storefront view), held under
 * a lock every instance honours, and answered to the storefront through the
 * whitelist view.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { ProviderCore } from "../accounts/core"
import { splitProviderId } from "../accounts/provider-entries"
import { choiceOf, coreFor } from "../accounts/registry"
import {
  withLedger,
  type SaveSession,
  type SessionData,
} from "../payment-sessions/session-data"
import {
  readSession,
  saveState,
  vouchedView,
} from "../payment-sessions/session-store"
import { storefrontView } from "../payment-sessions/storefront-view"
import {
  paymentModule,
  storedAmount,
  type PaymentSessionRow,
} from "../order-payments/payment-store"

export interface LoadedSession {
  session: PaymentSessionRow
  data: SessionData
  core: ProviderCore
}

const SESSION_FIELDS = [
  "id",
  "provider_id",
  "data",
  "amount",
  "raw_amount",
  "currency_code",
  "status",
  "payment_collection_id",
]

export async function loadSession(
  scope: MedusaContainer,
  sessionId: string
): Promise<LoadedSession> {
  const [session]: PaymentSessionRow[] = await paymentModule(
    scope
  ).listPaymentSessions({ id: sessionId }, { select: SESSION_FIELDS })
  const parts = session ? splitProviderId(session.provider_id) : null
  if (!session || !parts)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment session ${sessionId} was not found`
    )
  const stored = await readSession(session.data)
  const core = await coreFor(scope, session.provider_id, choiceOf(stored))
  const data = withLedger(
    stored,
    parts.identifier === "acquiring-card" ? "authorise" : "checkout"
  )
  return { session, data, core }
}

/** Saves session data through the payment module and answers what was stored. */
export function sessionSaver(
  scope: MedusaContainer,
  loaded: LoadedSession
): SaveSession {
  const payments = paymentModule(scope)
  const amount = storedAmount(loaded.session)
  return async (data: SessionData) => {
    const { state, shown } = await saveState(data)
    loaded.session = await payments.updatePaymentSession({
      id: loaded.session.id,
      amount,
      currency_code: loaded.session.currency_code,
      data: vouchedView(state, shown),
      ...(state.status ? { status: state.status } : {}),
    })
    return state
  }
}

export function sessionAnswer(session: PaymentSessionRow, data: SessionData) {
  return {
    payment_session: {
      id: session.id,
      status: data.status ?? session.status,
      data: storefrontView(data),
    },
  }
}
