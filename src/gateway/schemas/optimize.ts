/**
 * Optimise payment methods: given an order, the service answers which
 * payment methods to offer.
 *
 * DECISION (the interface names the operation only): the response carries
 * `payment_methods`, a list in recommended order; each entry is an object
 * with at least `payment_method` (a code such as `CARD`), optionally
 * `display_name` and `rank` (lower first), other fields kept. A bare string
 * entry is read as `{ payment_method: <string> }`, and a comma-separated
 * string as a list of those, so a terser acquirer still parses.
 */
import { z } from "zod"
import type { FieldLimitOverrides } from "../limits"
import {
  amount,
  commonRequestFields,
  currencyCode,
  limitsFrom,
  requiredText,
  responseEnvelopeFields,
  signedRequestFields,
  wireList,
  wireFreeText,
  wireText,
} from "./common"
import { paymentOrderShape } from "./payment-order"

export function createOptimizeSchemas(overrides?: FieldLimitOverrides) {
  const limits = limitsFrom(overrides)
  const order = z.object(paymentOrderShape(limits)).partial().shape
  const input = z.strictObject({
    ...order,
    ...commonRequestFields,
    request_id: requiredText(),
    currency: currencyCode,
    amount: amount(limits),
    shopper_email: requiredText(limits.shopper_email),
  })
  return { requestInput: input, request: input.extend(signedRequestFields) }
}

const defaults = createOptimizeSchemas()
export const optimizeRequestInputSchema = defaults.requestInput
export const optimizeRequestSchema = defaults.request

export const paymentMethodOptionSchema = z.preprocess(
  (value) => (typeof value === "string" ? { payment_method: value } : value),
  z.looseObject({
    payment_method: wireText,
    display_name: wireFreeText.optional(),
    rank: wireText.optional(),
  })
)

export const optimizeResponseSchema = z.looseObject({
  ...responseEnvelopeFields,
  payment_methods: z.preprocess(
    (value) =>
      typeof value === "string" && value.trim() !== ""
        ? value.split(",").map((s) => s.trim())
        : value,
    wireList(paymentMethodOptionSchema)
  ),
})

export type OptimizeRequestInput = z.infer<typeof optimizeRequestInputSchema>
export type OptimizeRequest = z.infer<typeof optimizeRequestSchema>
export type PaymentMethodOption = z.infer<typeof paymentMethodOptionSchema>
export type OptimizeResponse = z.infer<typeof optimizeResponseSchema>
