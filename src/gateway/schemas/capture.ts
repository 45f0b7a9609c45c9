import type { z } from "zod"
import { batchOperationSchemas } from "./batch-entry"

const captureOperation = batchOperationSchemas(
  "capture_orders",
  "capture_status"
)

export const createCaptureSchemas = captureOperation.requestSchemas

const defaults = createCaptureSchemas()
export const captureEntrySchema = defaults.entry
export const captureRequestInputSchema = defaults.requestInput
export const captureRequestSchema = defaults.request

export const captureEntryResultSchema = captureOperation.entryResult
export const captureResponseSchema = captureOperation.response

export type CaptureEntry = z.infer<typeof captureEntrySchema>
export type CaptureRequestInput = z.infer<typeof captureRequestInputSchema>
export type CaptureRequest = z.infer<typeof captureRequestSchema>
export type CaptureEntryResult = z.infer<typeof captureEntryResultSchema>
export type CaptureResponse = z.infer<typeof captureResponseSchema>
