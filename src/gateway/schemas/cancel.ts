import type { z } from "zod"
import { batchOperationSchemas } from "./batch-entry"

const cancelOperation = batchOperationSchemas("cancel_orders", "cancel_status")

export const createCancelSchemas = cancelOperation.requestSchemas

const defaults = createCancelSchemas()
export const cancelEntrySchema = defaults.entry
export const cancelRequestInputSchema = defaults.requestInput
export const cancelRequestSchema = defaults.request

export const cancelEntryResultSchema = cancelOperation.entryResult
export const cancelResponseSchema = cancelOperation.response

export type CancelEntry = z.infer<typeof cancelEntrySchema>
export type CancelRequestInput = z.infer<typeof cancelRequestInputSchema>
export type CancelRequest = z.infer<typeof cancelRequestSchema>
export type CancelEntryResult = z.infer<typeof cancelEntryResultSchema>
export type CancelResponse = z.infer<typeof cancelResponseSchema>
