/** An order's payments made through an acquiring provider, with what the money checks read. */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isAcquiringProvider } from "../accounts/provider-entries"

export type OrderAcquiringPayment = {
  id: string
  provider_id: string
  data: Record<string, unknown> | null
  captured_at: Date | string | null
  canceled_at: Date | string | null
}

export async function acquiringPaymentsOfOrder(
  container: MedusaContainer,
  orderId: string
): Promise<OrderAcquiringPayment[]> {
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
    filters: { id: orderId },
  })
  return (
    (data[0]?.payment_collections ?? []) as {
      payments?: OrderAcquiringPayment[]
    }[]
  )
    .flatMap((c) => c?.payments ?? [])
    .filter((p) => p && isAcquiringProvider(p.provider_id))
}
