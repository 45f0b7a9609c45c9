/**
 * POST /v1/optimise: which payment methods to offer for an order.
 * DECISION: `payment_methods` in recommended order, each with
 * payment_method, display_name and rank; cards first, then wallets, bank
 * transfer only from 100 major units (payment-methods.ts, the list checkout
 * also holds a payment_method to). The response echoes encryption_data.
 */
import {
  identify,
  unknownAccount,
  type Operation,
  type Reply,
} from "../context"
import { offeredMethods } from "../payment-methods"
import { Refusal, resultInfo } from "../result-codes"
import { amount, currency, required, text } from "../wire-fields"

export const optimize: Operation = (ctx, { body }) => {
  const caller = identify(ctx, "optimise", body)
  if (!caller) return unknownAccount()
  const { account } = caller
  const answer = (info: string, methods: Record<string, string>[]): Reply => ({
    kind: "json",
    body: {
      merchant_id: account.merchant_id,
      account_id: account.account_id,
      request_id: text(body, "request_id"),
      encryption_data: text(body, "encryption_data"),
      return_status: methods.length ? "1" : "0",
      return_message: info,
      payment_methods: methods,
    },
    summary: `return_status=${methods.length ? 1 : 0} ${methods.map((m) => m.payment_method).join(",") || info}`,
  })
  if (!caller.signed) return answer(resultInfo("I0013"), [])
  try {
    required(body, "request_id")
    const code = currency(body)
    const total = amount(body, "amount", code)
    const email = required(body, "shopper_email")
    if (email.length > ctx.fieldLimits.shopper_email) {
      throw Refusal.field(
        "E0001",
        "shopper_email",
        `is longer than ${ctx.fieldLimits.shopper_email} characters`
      )
    }
    const methods = offeredMethods(total).map((m) => ({ ...m }))
    return answer("OK", methods)
  } catch (error) {
    if (error instanceof Refusal) return answer(error.info, [])
    throw error
  }
}
