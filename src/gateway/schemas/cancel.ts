import { z } from "zod"
import type { FieldLimitOverrides } from "../limits"
import {
  commonRequestFields,
  limitsFrom,
  signedRequestFields,
  wireText,
} from "./common"
import {
  batchEntryResultShape,
  batchEntryShape,
  batchResponseShape,
  entryList,
} from "./batch-entry"

export function createCancelSchemas(overrides?: FieldLimitOverrides) {
  const entry = z.strictObject(batchEntryShape(limitsFrom(overrides)))
  const input = z.strictObject({
    cancel_orders: entryList(entry),
    ...commonRequestFields,
  })
  return {
    entry,
    requestInput: input,
    request: input.extend(signedRequestFields),
  }
}

const defaults = createCancelSchemas()
export const cancelEntrySchema = defaults.entry
export const cancelRequestInputSchema = defaults.requestInput
export const cancelRequestSchema = defaults.request

export const cancelEntryResultSchema = z.looseObject({
  ...batchEntryResultShape,
  cancel_status: wireText.optional(),
})
export const cancelResponseSchema = z.looseObject(
  batchResponseShape("cancel_orders", cancelEntryResultSchema)
)

export type CancelEntry = z.infer<typeof cancelEntrySchema>
export type CancelRequestInput = z.infer<typeof cancelRequestInputSchema>
export type CancelRequest = z.infer<typeof cancelRequestSchema>
export type CancelEntryResult = z.infer<typeof cancelEntryResultSchema>
export type CancelResponse = z.infer<typeof cancelResponseSchema>
