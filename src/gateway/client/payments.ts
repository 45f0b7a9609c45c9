/**
 * Direct payment (authorise), hosted checkout, and the signed results that
 * reach the merchant later (3-D Secure / browser return, notifications).
 */
import { parseCheckoutPage, type CheckoutPage } from "../codecs/checkout-page"
import { parseResponXml } from "../codecs/xml-result"
import {
  InvalidInputError,
  SignatureMismatchError,
  UnexpectedResponseError,
} from "../errors"
import { assertBreakdownMatches, parseAmount } from "../money/amount"
import { maskCardNumber } from "../redact"
import { parseResultInfo, type ResultInfo } from "../result-info"
import {
  directResultSchema,
  directResultXmlSchema,
  type DirectResult,
} from "../schemas/direct-result"
import { notificationSchema, type Notification } from "../schemas/notification"
import {
  isStoredCardOrder,
  type AuthorizeOrder,
  type AuthorizeRequestInput,
  type CheckoutRequestInput,
} from "../schemas/payment-order"
import { signaturesMatch } from "../signing/signature"
import type { MessageKind } from "../signing/recipes"
import { NOTIFY_TYPE } from "../statuses"
import type { ClientContext } from "./context"

export type VerifiedResult = DirectResult & { result: ResultInfo }
export type VerifiedNotification = Notification & { result: ResultInfo }

export async function authorize(
  ctx: ClientContext,
  order: AuthorizeRequestInput
): Promise<VerifiedResult> {
  const operation = "authorise"
  const valid = ctx.input(ctx.schemas.order.authorizeRequestInput, order)
  checkAmounts(valid)
  const { message } = ctx.sign("authorise", onTheWire(valid))
  ctx.log(
    "info",
    `${operation} order ${valid.order_no} ${valid.amount} ${valid.currency}${valid.token_id ? " with a stored card" : ""}`
  )

  const answer = await ctx.send(operation, "/v1/authorise", message, "json")
  const record = parseResponXml(answer.text)
  // nothing of the answer is read before its signature holds
  ctx.verify("result", record)
  const result = ctx.answer(operation, directResultXmlSchema, record)
  assertSameOrder(operation, result, valid)
  const verified = withResultInfo(result)
  ctx.log(
    "info",
    `${operation} order ${valid.order_no}: order_status ${verified.order_status} ${verified.result_info ?? ""}`,
    {
      transaction_id: verified.transaction_id,
    }
  )
  return verified
}

export async function checkout(
  ctx: ClientContext,
  order: CheckoutRequestInput
): Promise<CheckoutPage> {
  const operation = "checkout"
  const valid = ctx.input(ctx.schemas.order.checkoutRequestInput, order)
  checkAmounts(valid)
  const { message, signature } = ctx.sign("checkout", valid)
  ctx.log(
    "info",
    `${operation} order ${valid.order_no} ${valid.amount} ${valid.currency}`
  )

  const answer = await ctx.send(operation, "/v1/checkout", message, "json")
  const page = parseCheckoutPage(answer.text)
  // the page carries the request's signature in signInfo / encryption_data
  const echoed = [
    page.form.inputs.signInfo,
    page.form.inputs.encryption_data,
  ].filter((v) => v !== undefined)
  if (
    echoed.length === 0 ||
    !echoed.every((value) => signaturesMatch(value, signature))
  ) {
    throw new SignatureMismatchError("checkout")
  }
  ctx.log(
    "info",
    `${operation} order ${valid.order_no}: page posts to ${page.form.action}`
  )
  return page
}

/** A browser return or 3-D Secure result: verified, then typed. */
export function verifyResult(
  ctx: ClientContext,
  fields: Record<string, unknown>
): VerifiedResult {
  ctx.verify("result", fields)
  assertOwnAccount(ctx, fields)
  const result = ctx.input(directResultSchema, fields)
  return withResultInfo(result)
}

/** A notification POSTed to notify_url: verified, then typed. */
export function verifyNotification(
  ctx: ClientContext,
  fields: Record<string, unknown>
): VerifiedNotification {
  // notify_type is unsigned: a CHARGEBACK relabelled PAYMENT verifies as a bare result and is only a hint
  ctx.verify(notificationRecipe(fields.notify_type), fields)
  assertOwnAccount(ctx, fields)
  const notification = ctx.input(notificationSchema, fields)
  ctx.log(
    "info",
    `notification ${notification.notify_type} order ${notification.order_no ?? ""}: order_status ${notification.order_status}`
  )
  return withResultInfo(notification)
}

/** The recipe a notification is signed with: its own for a chargeback and a deduction. */
function notificationRecipe(notifyType: unknown): MessageKind {
  if (notifyType === NOTIFY_TYPE.CHARGEBACK) return "chargeback"
  if (notifyType === NOTIFY_TYPE.RECURRING) return "recurring"
  return "result"
}

/**
 * A stored-card order travels with card, expiry and security code present
 * and empty (the wire contract's "sent empty"), so the service and the
 * signature read empty strings rather than missing fields.
 */
function onTheWire(order: AuthorizeOrder): Record<string, unknown> {
  if (!isStoredCardOrder(order)) return order
  return {
    ...order,
    card: "",
    expiration_month: "",
    expiration_year: "",
    security_code: order.security_code ?? "",
  }
}

function checkAmounts(
  order: { amount: string; currency: string } & Record<string, unknown>
): void {
  parseAmount(order.amount, order.currency, "amount")
  assertBreakdownMatches(order as Parameters<typeof assertBreakdownMatches>[0])
}

/** A correctly signed answer about another order is a replay or a mix-up: never take it as this order's outcome. */
function assertSameOrder(
  operation: string,
  result: DirectResult,
  order: { order_no: string; amount: string; currency: string }
): void {
  for (const field of ["order_no", "currency", "amount"] as const) {
    const answered = result[field]
    if (
      answered !== undefined &&
      answered !== "" &&
      answered !== order[field]
    ) {
      throw new UnexpectedResponseError(
        operation,
        `the answer's ${field} ${answered} is not the request's ${order[field]}`
      )
    }
  }
}

export function assertOwnAccount(
  ctx: ClientContext,
  fields: Record<string, unknown>
): void {
  for (const field of ["merchant_id", "account_id"] as const) {
    if (String(fields[field] ?? "") !== ctx.options[field]) {
      throw new InvalidInputError(field, "does not name this merchant account")
    }
  }
}

function withResultInfo<T extends { result_info?: string; card?: string }>(
  fields: T
): T & { result: ResultInfo } {
  const out: T & { result: ResultInfo } = {
    ...fields,
    result: parseResultInfo(fields.result_info),
  }
  // the service sends it masked; mask again in case an acquirer does not
  if (typeof out.card === "string" && out.card !== "")
    out.card = maskCardNumber(out.card)
  return out
}
