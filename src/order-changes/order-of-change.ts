/** The order an admin route's order change belongs to: an order edit is addressed by its order, the others by their own id. */
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"

export type OrderChangeKind = "order_edit" | "exchange" | "claim" | "return"

const ENTITY: Record<Exclude<OrderChangeKind, "order_edit">, string> = {
  exchange: "order_exchange",
  claim: "order_claim",
  return: "return",
}

export async function orderOfChange(
  container: MedusaContainer,
  kind: OrderChangeKind,
  id: string
): Promise<string> {
  if (kind === "order_edit") return id
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: ENTITY[kind],
    fields: ["id", "order_id"],
    filters: { id },
  })
  const orderId = (data[0] as { order_id?: string } | undefined)?.order_id
  if (!orderId)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `${kind.replace("_", " ")} with id: ${id} was not found`
    )
  return orderId
}
