import { model } from "@medusajs/framework/utils"
import { REFUSAL_REASONS } from "../../../admin-contract/payment-history"

/**
 * Notifications refused at the door (a bad signature, an order number of
 * no payment, another merchant's account), counted instead of stored one
 * by one: one row per hour, provider and reason, and per payment only when
 * the order number names a real payment of that provider. Anyone on the
 * internet can post a notification; what one can add is a count, never a
 * row of one's own choosing (notifications/refused-notifications.ts).
 */
export const AcquiringNotificationRefusal = model
  .define("acquiring_notification_refusal", {
    /** acqnr_ and a digest of hour, provider, reason and order number: the counter's key */
    id: model.id({ prefix: "acqnr" }).primaryKey(),
    provider_id: model.text(),
    reason: model.enum([...REFUSAL_REASONS]),
    /** the real payment's order number and session; null for refusals naming none */
    order_no: model.text().nullable(),
    session_id: model.text().nullable(),
    /** the hour counted (UTC, truncated) */
    hour: model.dateTime(),
    count: model.number().default(0),
    first_seen_at: model.dateTime(),
    last_seen_at: model.dateTime(),
  })
  .indexes([
    { on: ["hour"] },
    { on: ["order_no"] },
    { on: ["session_id"] },
    { on: ["last_seen_at"] },
  ])
