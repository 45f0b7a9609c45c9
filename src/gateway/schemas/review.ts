import { z } from "zod"
import type { FieldLimitOverrides } from "../limits"
import {
  commonRequestFields,
  limitsFrom,
  requiredText,
  signedRequestFields,
  wireText,
} from "./common"
import {
  batchEntryResultShape,
  batchEntryShape,
  batchResponseShape,
  entryList,
} from "./batch-entry"

export function createReviewSchemas(overrides?: FieldLimitOverrides) {
  const entry = z.strictObject({
    ...batchEntryShape(limitsFrom(overrides)),
    // values are a DECISION of the wire contract (1 release, 0 reject) and overridable, so any non-empty text
    review_flag: requiredText(),
  })
  const input = z.strictObject({
    review_orders: entryList(entry),
    ...commonRequestFields,
  })
  return {
    entry,
    requestInput: input,
    request: input.extend(signedRequestFields),
  }
}

const defaults = createReviewSchemas()
export const reviewEntrySchema = defaults.entry
export const reviewRequestInputSchema = defaults.requestInput
export const reviewRequestSchema = defaults.request

export const reviewEntryResultSchema = z.looseObject({
  ...batchEntryResultShape,
  review_flag: wireText.optional(),
  review_status: wireText.optional(),
})
export const reviewResponseSchema = z.looseObject(
  batchResponseShape("review_orders", reviewEntryResultSchema)
)

export type ReviewEntry = z.infer<typeof reviewEntrySchema>
export type ReviewRequestInput = z.infer<typeof reviewRequestInputSchema>
export type ReviewRequest = z.infer<typeof reviewRequestSchema>
export type ReviewEntryResult = z.infer<typeof reviewEntryResultSchema>
export type ReviewResponse = z.infer<typeof reviewResponseSchema>
