/**
 * Cancel a subscription. The interface lists the operation without path or
 * payloads; the fields here are the wire contract's DECISION: the recurring
 * id and contract name a direct result returned.
 */
import { z } from "zod"
import {
  commonRequestFields,
  requiredText,
  responseEnvelopeFields,
  signedRequestFields,
  wireText,
} from "./common"

export const cancelSubscriptionRequestInputSchema = z.strictObject({
  ...commonRequestFields,
  recurring_id: requiredText(),
  contract_name: requiredText(),
})
export const cancelSubscriptionRequestSchema =
  cancelSubscriptionRequestInputSchema.extend(signedRequestFields)

export const cancelSubscriptionResponseSchema = z.looseObject({
  ...responseEnvelopeFields,
  return_status: wireText,
  recurring_id: wireText.optional(),
  contract_name: wireText.optional(),
})

export type CancelSubscriptionRequestInput = z.infer<
  typeof cancelSubscriptionRequestInputSchema
>
export type CancelSubscriptionRequest = z.infer<
  typeof cancelSubscriptionRequestSchema
>
export type CancelSubscriptionResponse = z.infer<
  typeof cancelSubscriptionResponseSchema
>
