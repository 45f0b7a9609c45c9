/**
 * The order of the change an admin route confirms, when that change is
 * still open (pending or requested) on an order not cancelled: only then
 * does Medusa go on to replace the order's payment collection. An order
 * edit is addressed by its order, the others by their own id. Null: Medusa
 * answers the route itself (nothing to confirm, unknown id).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  OrderChangeStatus,
} from "@medusajs/framework/utils"

export type OrderChangeKind = "order_edit" | "exchange" | "claim" | "return"

const CHANGE_OF: Record<OrderChangeKind, string> = {
  order_edit: "order_id",
  exchange: "exchange_id",
  claim: "claim_id",
  return: "return_id",
}

type ChangeRow = { order_id: string; order?: { status?: string } | null }

export async function orderOfOpenChange(
  container: MedusaContainer,
  kind: OrderChangeKind,
  id: string
): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order_change",
    fields: ["id", "order_id", "order.status"],
    filters: {
      [CHANGE_OF[kind]]: id,
      status: [OrderChangeStatus.PENDING, OrderChangeStatus.REQUESTED],
    },
  })
  const change = data[0] as ChangeRow | undefined
  if (!change || change.order?.status === "canceled") return null
  return change.order_id
}
