/**
 * A notification POSTed to notify_url: form fields (so every value is text),
 * every field of the direct result plus notify_type. Unknown fields are kept,
 * e.g. refund details on a REFUND notification.
 */
import { z } from "zod"
import { wireText } from "./common"
import { directResultShape } from "./direct-result"

export const NOTIFY_TYPES = [
  "PAYMENT",
  "REVIEW",
  "CAPTURE",
  "CANCEL",
  "REFUND",
] as const
export type NotifyType = (typeof NOTIFY_TYPES)[number]

export const notificationSchema = z.looseObject({
  ...directResultShape,
  notify_type: z.enum(NOTIFY_TYPES, {
    error: `must be one of ${NOTIFY_TYPES.join(", ")}`,
  }),
  refund_amount: wireText.optional(),
  refund_reference: wireText.optional(),
  refund_reference_id: wireText.optional(),
  refund_status: wireText.optional(),
})

export type Notification = z.infer<typeof notificationSchema>
