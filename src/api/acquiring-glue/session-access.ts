/**
 * Loads a payment session for the plugin's store routes and checks it
 * belongs to one of the acquiring providers.
 */
import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { MedusaRequest } from "@medusajs/framework/http"
import type {
  IPaymentModuleService,
  PaymentSessionDTO,
} from "@medusajs/framework/types"
import { splitProviderId } from "../../providers/acquiring/provider-identity"
import {
  keepStoredKeys,
  publicView,
  type AcquiringSessionData,
} from "../../providers/acquiring/session-data"

export interface LoadedSession {
  session: PaymentSessionDTO
  data: AcquiringSessionData
  amount: string
  currency: string
  identifier: "acquiring-card" | "acquiring-hosted"
}

export function paymentModuleOf(req: MedusaRequest): IPaymentModuleService {
  return req.scope.resolve<IPaymentModuleService>(Modules.PAYMENT)
}

export async function loadAcquiringSession(
  req: MedusaRequest,
  sessionId: string
): Promise<LoadedSession> {
  let session: PaymentSessionDTO
  try {
    session = await paymentModuleOf(req).retrievePaymentSession(sessionId, {
      select: [
        "id",
        "provider_id",
        "data",
        "amount",
        "raw_amount",
        "currency_code",
        "status",
        "payment_collection_id",
      ],
    } as never)
  } catch {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment session ${sessionId} was not found`
    )
  }
  const parts = splitProviderId(session.provider_id)
  if (!parts) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Payment session ${sessionId} does not use an acquiring payment provider`
    )
  }
  const raw = (session as unknown as { raw_amount?: unknown }).raw_amount
  return {
    session,
    data: keepStoredKeys(session.data),
    amount: stringAmount(raw ?? session.amount),
    currency: session.currency_code.toUpperCase(),
    identifier: parts.identifier,
  }
}

function stringAmount(value: unknown): string {
  if (value && typeof value === "object" && "value" in value)
    return String((value as { value: unknown }).value)
  return String(value)
}

/** Stores the new data (through the provider's updatePayment, which keeps only its own keys) and the status. */
export async function saveSessionData(
  req: MedusaRequest,
  loaded: LoadedSession,
  data: AcquiringSessionData
): Promise<PaymentSessionDTO> {
  return paymentModuleOf(req).updatePaymentSession({
    id: loaded.session.id,
    amount: loaded.amount,
    currency_code: loaded.session.currency_code,
    data: data as Record<string, unknown>,
    ...(data.status ? { status: data.status as never } : {}),
  })
}

export function sessionAnswer(session: PaymentSessionDTO) {
  return {
    payment_session: {
      id: session.id,
      status: session.status,
      data: publicView(session.data),
    },
  }
}
