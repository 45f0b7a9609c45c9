/** An order was placed: its payments' approval-to-order time is kept (src/payments-overview/order-placed.ts). */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { recordOrderPlaced } from "../payments-overview/order-placed"

export default async function orderPlaced({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await recordOrderPlaced(container, event.data.id)
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "acquiring-order-placed" },
}
