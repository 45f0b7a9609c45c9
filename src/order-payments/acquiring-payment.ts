/**
 * The payment a Medusa money route names, as the plugin's guards need it:
 * null unless it is an acquiring payment.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaRequest } from "@medusajs/framework/http"
import { isAcquiringProvider } from "../accounts/provider-entries"
import type { SessionData } from "../payment-sessions/session-data"
import { readSession } from "../payment-sessions/session-store"

type PaymentRow = {
  provider_id: string
  data?: unknown
  captures?: { id: string }[]
  payment_collection?: { order?: { id: string; status?: string } | null }
}

/** Not the admin contract's AcquiringPayment: only what a route's guard reads. */
export type GuardedPayment = {
  data: SessionData
  captures: number
  order: { id: string; status?: string } | null
}

export async function acquiringPaymentOf(
  req: MedusaRequest
): Promise<GuardedPayment | null> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: [
      "provider_id",
      "data",
      "captures.id",
      "payment_collection.order.id",
      "payment_collection.order.status",
    ],
    filters: { id: req.params.id },
  })
  const payment = data[0] as PaymentRow | undefined
  if (!payment || !isAcquiringProvider(payment.provider_id)) return null
  return {
    data: await readSession(payment.data),
    captures: payment.captures?.length ?? 0,
    order: payment.payment_collection?.order ?? null,
  }
}
