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

export function createCaptureSchemas(overrides?: FieldLimitOverrides) {
  const entry = z.strictObject(batchEntryShape(limitsFrom(overrides)))
  const input = z.strictObject({
    capture_orders: entryList(entry),
    ...commonRequestFields,
  })
  return {
    entry,
    requestInput: input,
    request: input.extend(signedRequestFields),
  }
}

const defaults = createCaptureSchemas()
export const captureEntrySchema = defaults.entry
export const captureRequestInputSchema = defaults.requestInput
export const captureRequestSchema = defaults.request

export const captureEntryResultSchema = z.looseObject({
  ...batchEntryResultShape,
  capture_status: wireText.optional(),
})
export const captureResponseSchema = z.looseObject(
  batchResponseShape("capture_orders", captureEntryResultSchema)
)

export type CaptureEntry = z.infer<typeof captureEntrySchema>
export type CaptureRequestInput = z.infer<typeof captureRequestInputSchema>
export type CaptureRequest = z.infer<typeof captureRequestSchema>
export type CaptureEntryResult = z.infer<typeof captureEntryResultSchema>
export type CaptureResponse = z.infer<typeof captureResponseSchema>
