/**
 * A payment's authorisation lapse as its account has it: what the capture
 * route's guard and the re-authorisation read (the admin's payment detail
 * shows the same, with everything else).
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { choiceOf, coreFor } from "../accounts/registry"
import { paymentModule } from "./payment-store"
import {
  DEFAULT_AUTHORIZATION_LIFETIME_DAYS,
  lapseView,
  type LapseView,
} from "../payment-sessions/authorization-lifetime"
import type { SessionData } from "../payment-sessions/session-data"
import { readSession } from "../payment-sessions/session-store"

export type PaymentLapse = LapseView & {
  canceled_at: string | null
  /** the option in force for the payment's account (default 7) */
  authorisation_lifetime_days: number
}

/** The lifetime the payment's account gives an authorisation; an account deleted or incomplete since: the default. */
async function lifetimeDaysOf(
  container: MedusaContainer,
  providerId: string,
  data: SessionData
): Promise<number> {
  return coreFor(container, providerId, choiceOf(data))
    .then((core) => core.options.authorisation_lifetime_days)
    .catch(() => DEFAULT_AUTHORIZATION_LIFETIME_DAYS)
}

/** Not found for a payment of another provider. */
export async function lapseOfPayment(
  container: MedusaContainer,
  paymentId: string
): Promise<PaymentLapse> {
  const payment = await paymentModule(container).retrievePayment(paymentId, {
    select: ["id", "provider_id", "data", "canceled_at"],
  })
  if (!isAcquiringProvider(payment.provider_id))
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment ${paymentId} was not made through an acquiring provider`
    )
  const data = await readSession(payment.data)
  const days = await lifetimeDaysOf(container, payment.provider_id, data)
  const canceledAt = payment.canceled_at
    ? new Date(payment.canceled_at as string | Date)
    : null
  return {
    ...lapseView(data, days, canceledAt),
    canceled_at: canceledAt ? canceledAt.toISOString() : null,
    authorisation_lifetime_days: days,
  }
}
