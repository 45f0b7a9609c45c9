/**
 * retrievalRefund: list refunds by merchant order number (`refund_orders`),
 * by refund reference (`refund_references`) or by the merchant's own refund
 * ids (`merchant_refunds`). Sent form-urlencoded. In the request
 * `refund_orders` is a selector string; in the response it is the list.
 */
import { z } from "zod"
import { DEFAULT_BATCH_LIMITS, DEFAULT_SELECTOR_MAX_CHARS } from "../limits"
import {
  commonRequestFields,
  responseEnvelopeFields,
  signedRequestFields,
  wireList,
  wireFreeText,
  wireText,
} from "./common"
import { exactlyOneOf, selectorText, type SelectorLimits } from "./selector"

export const REFUND_SEARCH_SELECTORS = [
  "refund_orders",
  "refund_references",
  "merchant_refunds",
] as const

export function createRefundSearchSchemas(limits: SelectorLimits = {}) {
  const selector = selectorText(
    limits.max_chars ?? DEFAULT_SELECTOR_MAX_CHARS,
    limits.max_values ?? DEFAULT_BATCH_LIMITS.refund_search
  )
  const shape = {
    refund_orders: selector.optional(),
    refund_references: selector.optional(),
    merchant_refunds: selector.optional(),
  }
  return {
    requestInput: z
      .strictObject({ ...shape, ...commonRequestFields })
      .superRefine(exactlyOneOf(REFUND_SEARCH_SELECTORS)),
    request: z
      .strictObject({ ...shape, ...signedRequestFields })
      .superRefine(exactlyOneOf(REFUND_SEARCH_SELECTORS)),
  }
}

const defaults = createRefundSearchSchemas()
export const refundSearchRequestInputSchema = defaults.requestInput
export const refundSearchRequestSchema = defaults.request

export const refundSearchEntrySchema = z.looseObject({
  transaction_id: wireText.optional(),
  order_no: wireText.optional(),
  currency: wireText.optional(),
  amount: wireText.optional(),
  refund_amount: wireText.optional(),
  refund_status: wireText.optional(),
  payment_status: wireText.optional(),
  refund_reference: wireText.optional(),
  refund_reference_id: wireText.optional(),
  refund_reason: wireFreeText.optional(),
  /** `YYYYMMDDHHMMSS` */
  refund_date: wireText.optional(),
  /** `YYYYMMDDHHMMSS`, may be empty */
  refund_processing_date: wireText.optional(),
})

export const refundSearchResponseSchema = z.looseObject({
  ...responseEnvelopeFields,
  refund_orders: wireList(refundSearchEntrySchema),
})

export type RefundSearchRequestInput = z.infer<
  typeof refundSearchRequestInputSchema
>
export type RefundSearchRequest = z.infer<typeof refundSearchRequestSchema>
export type RefundSearchEntry = z.infer<typeof refundSearchEntrySchema>
export type RefundSearchResponse = z.infer<typeof refundSearchResponseSchema>
