/**
 * Medusa's orders beside their acquiring payments, for the refund search:
 * from an order as the admin names it (`#12`, or its `order_…` id) to the
 * acquirer's order numbers of its payments, and from a payment back to the
 * order the admin shows.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquiringPaymentsOfOrders } from "./acquiring-payments-of-order"
import { readSessions } from "../payment-sessions/session-store"

/** An order as the admin names it: the display id it shows, or the id in its address. */
export type OrderRef = { display_id: number } | { id: string }

/** The order as the admin shows it. */
export interface OrderLabel {
  id: string
  display_id: number | null
}

type PaymentOfOrder = { data?: unknown }

type PaymentRow = {
  id: string
  payment_collection?: {
    order?: { id: string; display_id?: number | null } | null
  } | null
}

/** `#12` or `order_…`: how an answer names an order the admin asked for. */
export function orderRefText(ref: OrderRef): string {
  return "display_id" in ref ? `#${ref.display_id}` : ref.id
}

/**
 * The acquirer's order numbers of the orders' acquiring payments (the
 * attempt that paid each); `unmatched` are the orders Medusa does not have
 * or that no acquiring payment paid.
 */
export async function orderNosOfOrders(
  container: MedusaContainer,
  refs: OrderRef[]
): Promise<{ order_nos: string[]; unmatched: OrderRef[] }> {
  const displayIds = refs.flatMap((r) =>
    "display_id" in r ? [r.display_id] : []
  )
  const ids = refs.flatMap((r) => ("id" in r ? [r.id] : []))
  const orders = [
    ...(displayIds.length
      ? await acquiringPaymentsOfOrders<PaymentOfOrder>(
          container,
          { display_id: displayIds },
          ["data"]
        )
      : []),
    ...(ids.length
      ? await acquiringPaymentsOfOrders<PaymentOfOrder>(
          container,
          { id: ids },
          ["data"]
        )
      : []),
  ]

  // one read of the plugin's state for every payment of every order
  const paid = orders.flatMap((order) =>
    order.payments.map((payment) => ({ order, payment }))
  )
  const states = await readSessions(paid.map(({ payment }) => payment.data))
  const orderNosOf = new Map<(typeof orders)[number], string[]>()
  paid.forEach(({ order }, i) => {
    const orderNo = states[i].order_no
    if (orderNo)
      orderNosOf.set(order, [...(orderNosOf.get(order) ?? []), orderNo])
  })
  const orderNos = new Set<string>()
  const unmatched: OrderRef[] = []
  for (const ref of refs) {
    const order = orders.find((o) =>
      "display_id" in ref ? o.display_id === ref.display_id : o.id === ref.id
    )
    const found = order ? (orderNosOf.get(order) ?? []) : []
    if (!found.length) unmatched.push(ref)
    for (const orderNo of found) orderNos.add(orderNo)
  }
  return { order_nos: [...orderNos], unmatched }
}

/** The order of each payment, as the admin shows it; a payment outside any order is absent. */
export async function ordersOfPayments(
  container: MedusaContainer,
  paymentIds: string[]
): Promise<Map<string, OrderLabel>> {
  const found = new Map<string, OrderLabel>()
  if (!paymentIds.length) return found
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: [
      "id",
      "payment_collection.order.id",
      "payment_collection.order.display_id",
    ],
    filters: { id: paymentIds },
  })
  for (const payment of data as PaymentRow[]) {
    const order = payment.payment_collection?.order
    if (order)
      found.set(payment.id, {
        id: order.id,
        display_id: order.display_id ?? null,
      })
  }
  return found
}
