/**
 * Notifications posted to /hooks/payment/{identifier}_{id}. Nothing in one
 * is trusted before its signature is verified over the received fields; a
 * forged, altered or foreign notification yields `not_supported` and
 * changes nothing. The session is found from the order number.
 *
 * `notify_type` is not among the signed fields, so a genuine signed result
 * (a shopper sees one on the browser return) could be replayed under
 * another type. Claims that would capture, void or fail a payment are
 * therefore acted on only when the status query agrees; an authorisation
 * needs no such step because Medusa's authorizePayment confirms it itself.
 */
import { decodeForm } from "../../gateway/codecs/form"
import {
  interpretOrderStatus,
  interpretPaymentStatus,
  NOTIFY_TYPE,
} from "../../gateway/statuses"
import { queryOrder } from "./confirmation"
import type { CoreContext } from "./core-context"
import type { GatewayResult } from "./gateway-port"
import { parseOrderNumber } from "./order-number"
import type { StoredStatus } from "./session-data"
import {
  statusFromOrderOutcome,
  statusFromPaymentOutcome,
  webhookActionFor,
  type WebhookAction,
} from "./status-map"

export interface WebhookPayload {
  data?: Record<string, unknown>
  rawData?: string | Buffer
  headers?: Record<string, unknown>
}

export interface NotificationAction {
  action: WebhookAction
  data?: {
    session_id: string
    amount: string
    order_no: string
    notify_type: string
    result: { code: string; text: string }
  }
}

const NOT_SUPPORTED: NotificationAction = { action: "not_supported" }

/** The notification's fields: the parsed body, or the raw bytes read as a form when the body was not parsed. */
export function notificationFields(
  payload: WebhookPayload
): Record<string, unknown> | null {
  const data = payload.data
  if (data && typeof data === "object" && Object.keys(data).length > 0)
    return data
  const raw = payload.rawData
  if (raw === undefined || raw === null) return null
  const text = Buffer.isBuffer(raw) ? raw.toString("utf8") : String(raw)
  if (!text.trim()) return null
  if (text.trim().startsWith("{")) {
    try {
      return JSON.parse(text) as Record<string, unknown>
    } catch {
      return null
    }
  }
  return decodeForm(text)
}

export function statusFromNotification(
  ctx: CoreContext,
  result: GatewayResult
): StoredStatus | null {
  const outcome = interpretOrderStatus(
    result.order_status,
    ctx.options.status_codes?.order_status
  )
  const type = (result.notify_type || NOTIFY_TYPE.PAYMENT).toUpperCase()
  switch (type) {
    case NOTIFY_TYPE.PAYMENT:
      return statusFromOrderOutcome(outcome, {
        auto_capture: ctx.options.auto_capture,
        has_challenge: !!result.issuer_url,
      })
    case NOTIFY_TYPE.REVIEW:
      // a released payment is authorised; a rejected one is voided
      if (outcome === "authorised")
        return ctx.options.auto_capture ? "captured" : "authorized"
      if (outcome === "failed") return "canceled"
      return null
    case NOTIFY_TYPE.CAPTURE:
      return outcome === "authorised" ? "captured" : null
    case NOTIFY_TYPE.CANCEL:
      // a voided transaction reports order_status 0; the status query confirms the void either way
      return "canceled"
    default:
      // refunds are started from Medusa and recorded there; portal refunds are not mirrored
      return null
  }
}

const CONFIRMED_CLAIMS: ReadonlySet<StoredStatus> = new Set([
  "captured",
  "canceled",
  "error",
])

/** True when the status query shows the order in the claimed state. */
async function queryAgrees(
  ctx: CoreContext,
  orderNo: string,
  claimed: StoredStatus
): Promise<boolean> {
  const answer = await queryOrder(ctx, orderNo)
  if (answer.kind !== "found") {
    ctx.log(
      "warn",
      `notification for ${orderNo} (${claimed}) not acted on: the status query could not confirm it (${answer.kind})`
    )
    return false
  }
  const actual = statusFromPaymentOutcome(
    interpretPaymentStatus(
      answer.record.payment_status,
      ctx.options.status_codes?.payment_status
    )
  )
  if (actual === claimed) return true
  ctx.log(
    "warn",
    `notification for ${orderNo} claims ${claimed} but the status query says ${actual}; ignored`
  )
  return false
}

export async function webhookAction(
  ctx: CoreContext,
  payload: WebhookPayload
): Promise<NotificationAction> {
  const fields = notificationFields(payload)
  if (!fields) return NOT_SUPPORTED
  let result: GatewayResult
  try {
    result = ctx.gateway.verifyNotification(fields)
  } catch (error) {
    ctx.log("warn", "notification refused: signature or content invalid", {
      error,
      order_no: fields.order_no,
    })
    return NOT_SUPPORTED
  }
  const parts = parseOrderNumber(ctx.options.order_prefix, result.order_no)
  if (!parts) {
    ctx.log(
      "warn",
      `notification for unknown order number ${String(result.order_no)} ignored`
    )
    return NOT_SUPPORTED
  }
  const status = statusFromNotification(ctx, result)
  if (!status) return NOT_SUPPORTED
  if (
    CONFIRMED_CLAIMS.has(status) &&
    !(await queryAgrees(ctx, result.order_no, status))
  )
    return NOT_SUPPORTED
  const action = webhookActionFor(status)
  ctx.log(
    "info",
    `notification ${result.notify_type ?? "PAYMENT"} for ${result.order_no}: ${action}`
  )
  return {
    action,
    data: {
      session_id: parts.session_id,
      amount: result.amount ?? "0",
      order_no: result.order_no,
      notify_type: (result.notify_type || NOTIFY_TYPE.PAYMENT).toUpperCase(),
      result: result.result,
    },
  }
}
