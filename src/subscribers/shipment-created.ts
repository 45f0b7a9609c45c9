/**
 * A fulfilment was shipped: payments of accounts that capture on shipment
 * are captured now (capture-when-due.ts).
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { captureWhenDue, orderOfFulfillment } from "../capture/capture-when-due"

export default async function shipmentCreated({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const orderId = await orderOfFulfillment(container, event.data.id)
  if (orderId) await captureWhenDue(container, orderId, "shipment")
}

export const config: SubscriberConfig = {
  event: "shipment.created",
  context: { subscriberId: "acquiring-capture-on-shipment" },
}
