import { z } from "zod"
import type { FieldLimitOverrides } from "../limits"
import {
  amount,
  commonRequestFields,
  limitsFrom,
  signedRequestFields,
  text,
  wireFreeText,
  wireText,
} from "./common"
import {
  batchEntryResultShape,
  batchEntryShape,
  batchResponseShape,
  entryList,
} from "./batch-entry"

export function createRefundSchemas(overrides?: FieldLimitOverrides) {
  const limits = limitsFrom(overrides)
  const entry = z.strictObject({
    ...batchEntryShape(limits),
    /** amount above is the original transaction amount; this is the amount to refund */
    refund_amount: amount(limits),
    refund_reason: text(limits.refund_reason).optional(),
  })
  const input = z.strictObject({
    refund_orders: entryList(entry),
    ...commonRequestFields,
  })
  return {
    entry,
    requestInput: input,
    request: input.extend(signedRequestFields),
  }
}

const defaults = createRefundSchemas()
export const refundEntrySchema = defaults.entry
export const refundRequestInputSchema = defaults.requestInput
export const refundRequestSchema = defaults.request

export const refundEntryResultSchema = z.looseObject({
  ...batchEntryResultShape,
  refund_amount: wireText.optional(),
  refund_reason: wireFreeText.optional(),
  /** `<code>:<text>` */
  refund_message: wireFreeText.optional(),
  refund_reference: wireText.optional(),
  /** `<transaction_id>-01`, `-02`, … */
  refund_reference_id: wireText.optional(),
  refund_status: wireText.optional(),
})
export const refundResponseSchema = z.looseObject(
  batchResponseShape("refund_orders", refundEntryResultSchema)
)

export type RefundEntry = z.infer<typeof refundEntrySchema>
export type RefundRequestInput = z.infer<typeof refundRequestInputSchema>
export type RefundRequest = z.infer<typeof refundRequestSchema>
export type RefundEntryResult = z.infer<typeof refundEntryResultSchema>
export type RefundResponse = z.infer<typeof refundResponseSchema>
