/**
 * One order read through Medusa's query graph, with the fields its reader
 * names; a missing order is Medusa's NOT_FOUND (the admin routes answer 404).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"

export async function readOrderGraph<Row>(
  container: MedusaContainer,
  orderId: string,
  fields: string[]
): Promise<Row> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields,
    filters: { id: orderId },
  })
  const order = data[0] as Row | undefined
  if (!order)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Order ${orderId} was not found`
    )
  return order
}
