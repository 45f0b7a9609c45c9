/** Payout: money sent to a beneficiary. Moves money, so it is never retried. */
import { GatewayRefusedError, UnexpectedResponseError } from "../errors"
import { parseAmount } from "../money/amount"
import {
  payoutResponseSchema,
  type PayoutRequestInput,
  type PayoutResponse,
} from "../schemas/payout"
import type { ClientContext } from "./context"
import { assertOwnAccount } from "./payments"

export async function payout(
  ctx: ClientContext,
  request: PayoutRequestInput
): Promise<PayoutResponse> {
  const operation = "payout"
  const valid = ctx.input(ctx.schemas.payout.requestInput, request)
  parseAmount(valid.payment_amount, valid.payment_currency, "payment_amount")
  if (valid.source_amount !== undefined) {
    parseAmount(
      valid.source_amount,
      valid.source_currency ?? valid.payment_currency,
      "source_amount"
    )
  }
  const { message } = ctx.sign("payout", valid)
  ctx.log(
    "info",
    `${operation} ${valid.request_id} ${valid.payment_amount} ${valid.payment_currency}`
  )

  const body = await ctx.sendJson(operation, "/v1/payout", message, "json")
  ctx.verify("payout_response", body)
  const answer = ctx.answer(operation, payoutResponseSchema, body)
  if (
    answer.request_id !== undefined &&
    answer.request_id !== valid.request_id
  ) {
    throw new UnexpectedResponseError(
      operation,
      `the answer's request_id ${answer.request_id} is not the request's ${valid.request_id}`
    )
  }
  if (answer.return_status !== undefined && answer.return_status !== "1") {
    throw new GatewayRefusedError(
      operation,
      answer.return_message || `return_status ${answer.return_status}`
    )
  }
  ctx.log(
    "info",
    `${operation} ${valid.request_id}: ${answer.status ?? ""} ${answer.transaction_id ?? ""}`
  )
  return answer
}

/** A payout status notification (notify_type PAYOUT), signed with the payout-response recipe. */
export function verifyPayoutNotification(
  ctx: ClientContext,
  fields: Record<string, unknown>
): PayoutResponse {
  ctx.verify("payout_response", fields)
  assertOwnAccount(ctx, fields)
  const notification = ctx.answer(
    "payout notification",
    payoutResponseSchema,
    fields
  )
  ctx.log(
    "info",
    `payout notification ${notification.request_id ?? ""}: ${notification.status ?? ""}`
  )
  return notification
}
