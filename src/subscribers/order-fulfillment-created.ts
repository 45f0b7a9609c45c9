/**
 * An order's fulfilment was created: payments of accounts that capture on
 * fulfilment are captured now (capture-when-due.ts).
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { captureWhenDue } from "../capture/capture-when-due"

export default async function orderFulfillmentCreated({
  event,
  container,
}: SubscriberArgs<{ order_id: string; fulfillment_id: string }>) {
  await captureWhenDue(container, event.data.order_id, "fulfilment")
}

export const config: SubscriberConfig = {
  event: "order.fulfillment_created",
  context: { subscriberId: "acquiring-capture-on-fulfilment" },
}
