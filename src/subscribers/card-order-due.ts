/** Door of src/notifications: a card payment's order checked once the storefront's wait is over (card-order-check.ts). */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import {
  CARD_ORDER_DUE,
  completeDueCardOrder,
} from "../notifications/card-order-check"

export default async function cardOrderDue({
  event,
  container,
}: SubscriberArgs<unknown>) {
  await completeDueCardOrder(container, event.data)
}

export const config: SubscriberConfig = {
  event: CARD_ORDER_DUE,
  context: { subscriberId: "acquiring-card-order-due" },
}
