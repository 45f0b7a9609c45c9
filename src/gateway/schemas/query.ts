/**
 * retrievalTrans: look up orders by merchant order number (`orders`) or by
 * transaction id (`trades`). Sent form-urlencoded.
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
  wireTokenId,
} from "./common"
import { chargebackSchema } from "./chargeback"
import { exactlyOneOf, selectorText, type SelectorLimits } from "./selector"

export const QUERY_SELECTORS = ["orders", "trades"] as const

export function createQuerySchemas(limits: SelectorLimits = {}) {
  const selector = selectorText(
    limits.max_chars ?? DEFAULT_SELECTOR_MAX_CHARS,
    limits.max_values ?? DEFAULT_BATCH_LIMITS.query
  )
  const shape = { orders: selector.optional(), trades: selector.optional() }
  return {
    requestInput: z
      .strictObject({ ...shape, ...commonRequestFields })
      .superRefine(exactlyOneOf(QUERY_SELECTORS)),
    request: z
      .strictObject({ ...shape, ...signedRequestFields })
      .superRefine(exactlyOneOf(QUERY_SELECTORS)),
  }
}

const defaults = createQuerySchemas()
export const queryRequestInputSchema = defaults.requestInput
export const queryRequestSchema = defaults.request

export const queryEntrySchema = z.looseObject({
  order_no: wireText.optional(),
  amount: wireText.optional(),
  currency: wireText.optional(),
  payment_status: wireText.optional(),
  /** status of the look-up of this order (1 found, 2 no such order, …) */
  query_result: wireText.optional(),
  reference_no: wireText.optional(),
  transaction_id: wireText.optional(),
  /** `YYYYMMDDHHMMSS` */
  transaction_date: wireText.optional(),
  website: wireText.optional(),
  /** the method that paid (CARD, WALLET, BANK_TRANSFER …); absent: a card */
  payment_method: wireText.optional(),
  /** the card stored by this payment (token_flag YES, authorised); empty reads as undefined */
  token_id: wireTokenId,
  /** MOTO, MIT, or empty for an e-commerce payment */
  order_type: wireText.optional(),
  /** chargebacks raised against this payment (payment_status 5000 while one is open, 5100 once one is lost) */
  chargebacks: wireList(chargebackSchema),
})

export const fraudCheckResultSchema = z.looseObject({
  check_items: wireFreeText.optional(),
  status: wireText.optional(),
})

export const queryResponseSchema = z.looseObject({
  ...responseEnvelopeFields,
  antifraud_provider: wireText.optional(),
  fraud_check_result: wireList(fraudCheckResultSchema),
  is3ds: wireText.optional(),
  orders_list: wireList(queryEntrySchema),
})

export type QueryRequestInput = z.infer<typeof queryRequestInputSchema>
export type QueryRequest = z.infer<typeof queryRequestSchema>
export type QueryEntry = z.infer<typeof queryEntrySchema>
export type FraudCheckResult = z.infer<typeof fraudCheckResultSchema>
export type QueryResponse = z.infer<typeof queryResponseSchema>
