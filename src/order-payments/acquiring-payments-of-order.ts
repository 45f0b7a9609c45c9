/**
 * An order's payments made through an acquiring provider: the one query
 * every reader of them asks (order → payment collections → payments, other
 * providers' payments left out), with the fields each needs.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isAcquiringProvider } from "../accounts/provider-entries"

/** What every acquiring payment of an order is read with. */
type PaymentBase = { id: string; provider_id: string }

/** An order with its acquiring payments; `display_id` when asked for. */
export type OrderWithPayments<P> = {
  id: string
  display_id?: number | null
  payments: (PaymentBase & P)[]
}

/** The rows query.graph answers for the fields asked (it types none). */
type OrderRow = {
  id: string
  display_id?: number | null
  payment_collections?: ({ payments?: (PaymentBase | null)[] | null } | null)[]
}

/**
 * Orders by id or by the display id the admin shows, each with its
 * acquiring payments and their `fields` (`data`, `captured_at`,
 * `captures.id`, …); an order Medusa does not have is absent.
 */
export async function acquiringPaymentsOfOrders<P = unknown>(
  container: MedusaContainer,
  filters: { id: string | string[] } | { display_id: number[] },
  fields: string[] = []
): Promise<OrderWithPayments<P>[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      ...fields.map((field) => `payment_collections.payments.${field}`),
    ],
    filters,
  })
  return (data as OrderRow[]).map((order) => ({
    id: order.id,
    display_id: order.display_id,
    payments: (order.payment_collections ?? [])
      .flatMap((collection) => collection?.payments ?? [])
      .filter(
        (payment): payment is PaymentBase & P =>
          !!payment && isAcquiringProvider(payment.provider_id)
      ),
  }))
}

export type OrderAcquiringPayment = {
  id: string
  provider_id: string
  data: Record<string, unknown> | null
  captured_at: Date | string | null
  canceled_at: Date | string | null
}

/** One order's acquiring payments, with what the money checks read. */
export async function acquiringPaymentsOfOrder(
  container: MedusaContainer,
  orderId: string
): Promise<OrderAcquiringPayment[]> {
  const [order] = await acquiringPaymentsOfOrders<OrderAcquiringPayment>(
    container,
    { id: orderId },
    ["data", "captured_at", "canceled_at"]
  )
  return order?.payments ?? []
}
