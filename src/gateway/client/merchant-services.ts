/**
 * Cancel a subscription and optimise payment methods: single messages whose
 * answer echoes the request's signature and carries return_status.
 */
import { GatewayRefusedError } from "../errors"
import { parseAmount } from "../money/amount"
import {
  cancelSubscriptionRequestInputSchema,
  cancelSubscriptionResponseSchema,
  type CancelSubscriptionRequestInput,
  type CancelSubscriptionResponse,
} from "../schemas/subscription"
import {
  optimizeResponseSchema,
  type OptimizeRequestInput,
  type OptimizeResponse,
} from "../schemas/optimize"
import type { ClientContext } from "./context"

/** Ends a subscription. Changes the shopper's contract, so it is never retried. */
export async function cancelSubscription(
  ctx: ClientContext,
  request: CancelSubscriptionRequestInput
): Promise<CancelSubscriptionResponse> {
  const operation = "cancel_subscription"
  const valid = ctx.input(cancelSubscriptionRequestInputSchema, request)
  const { message, signature } = ctx.sign("cancel_subscription", valid)
  ctx.log("info", `${operation} ${valid.recurring_id} (${valid.contract_name})`)
  const body = await ctx.sendJson(
    operation,
    "/v1/cancelsubscription",
    message,
    "json"
  )
  ctx.verifyEcho("cancel_subscription", body, signature)
  const answer = ctx.answer(operation, cancelSubscriptionResponseSchema, body)
  refuseUnlessAccepted(operation, answer)
  return answer
}

/** Which payment methods to offer for an order. Read-only, so retried like the look-ups. */
export async function optimize(
  ctx: ClientContext,
  request: OptimizeRequestInput
): Promise<OptimizeResponse> {
  const operation = "optimise"
  const valid = ctx.input(ctx.schemas.optimise.requestInput, request)
  parseAmount(valid.amount, valid.currency, "amount")
  const { message, signature } = ctx.sign("optimise", valid)
  const body = await ctx.withLookupRetries(operation, () =>
    ctx.sendJson(operation, "/v1/optimise", message, "json")
  )
  ctx.verifyEcho("optimise", body, signature)
  const answer = ctx.answer(operation, optimizeResponseSchema, body)
  refuseUnlessAccepted(operation, answer)
  return answer
}

function refuseUnlessAccepted(
  operation: string,
  answer: { return_status?: string; return_message?: string }
): void {
  if (answer.return_status !== undefined && answer.return_status !== "1") {
    throw new GatewayRefusedError(
      operation,
      answer.return_message || `return_status ${answer.return_status}`
    )
  }
}
