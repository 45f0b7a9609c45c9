/**
 * A notification POSTed to notify_url: form fields (so every value is text),
 * every field of the direct result plus notify_type. Unknown fields are kept,
 * e.g. refund details on a REFUND notification. A CHARGEBACK notification
 * carries the chargeback's fields (signed with the "chargeback" recipe), a
 * RECURRING one its subscription's deduction (the "recurring" recipe).
 */
import { z } from "zod"
import { wireText } from "./common"
import { directResultShape } from "./direct-result"
import { chargebackShape } from "./chargeback"

const countText = z
  .string()
  .regex(/^\d{1,4}$/, { error: "must be a whole number of 1 to 4 digits" })

export const NOTIFY_TYPES = [
  "PAYMENT",
  "REVIEW",
  "CAPTURE",
  "CANCEL",
  "REFUND",
  "CHARGEBACK",
  "RECURRING",
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
  chargeback_reference: chargebackShape.chargeback_reference.optional(),
  chargeback_amount: wireText.optional(),
  chargeback_reason: chargebackShape.chargeback_reason,
  chargeback_status: chargebackShape.chargeback_status.optional(),
  chargeback_date: chargebackShape.chargeback_date,
  respond_by: chargebackShape.respond_by,
  // a RECURRING notification's deduction (1, 2, …) and its try (0 first, then 1 and 2)
  deduction_number: countText.optional(),
  retry_number: countText.optional(),
})

export type Notification = z.infer<typeof notificationSchema>
