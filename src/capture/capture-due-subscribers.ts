/**
 * Captures due on a fulfilment or its shipment: the payments of accounts
 * that capture then are captured as soon as Medusa says so
 * (capture-when-due.ts).
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { captureWhenDue, orderOfFulfillment } from "./capture-when-due"

/** An order's fulfilment was created. */
export async function orderFulfillmentCreated({
  event,
  container,
}: SubscriberArgs<{ order_id: string; fulfillment_id: string }>) {
  await captureWhenDue(container, event.data.order_id, "fulfilment")
}

export const fulfillmentCreatedConfig: SubscriberConfig = {
  event: "order.fulfillment_created",
  context: { subscriberId: "acquiring-capture-on-fulfilment" },
}

/** A fulfilment was shipped: shipment events name only the fulfilment. */
export async function shipmentCreated({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const orderId = await orderOfFulfillment(container, event.data.id)
  if (orderId) await captureWhenDue(container, orderId, "shipment")
}

export const shipmentCreatedConfig: SubscriberConfig = {
  event: "shipment.created",
  context: { subscriberId: "acquiring-capture-on-shipment" },
}
