/**
 * Which payment a notification names and which account's key must verify
 * it, read before anything in it is trusted: its fields (parsed body or raw
 * form), the order number they carry, the journal's attempt of that number
 * and the session's record.
 */
import {
  decodeForm,
  DEDUCTION_INFIX,
  NOTIFY_TYPE,
  parseDeductionOrderNo,
} from "../gateway/index"
import { choiceOf, type AccountChoice } from "../accounts/registry"
import { moduleJournal, type Journal, type Operation } from "../journal/journal"
import { readSession } from "../payment-sessions/session-store"
import { heldAuthorisation, type HeldAuthorisation } from "./held-authorisation"

export interface WebhookPayload {
  data?: Record<string, unknown>
  rawData?: string | Buffer
  headers?: Record<string, unknown>
}

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

/**
 * The order number of the payment a notification is about (not trusted
 * yet): its own, or for a subscription's deduction (`RECURRING`,
 * `<first>-R<n>`) the first payment's, whose account signs it.
 */
export function paymentOrderNo(
  fields: Record<string, unknown>,
  infix: string
): string {
  const orderNo = typeof fields.order_no === "string" ? fields.order_no : ""
  if (fields.notify_type !== NOTIFY_TYPE.RECURRING) return orderNo
  return parseDeductionOrderNo(orderNo, infix)?.first_order_no ?? orderNo
}

/** The account a notification is verified with, and the one its core must be for (undefined: any the choice finds). */
export interface NotificationAccount {
  choice: AccountChoice
  /** the account recorded on the payment (null: medusa-config alone) */
  account_id?: string | null
  /** the payment the order number names: its order number and session */
  payment: { order_no: string; session_id: string }
  /** the cart the session pays for, as the plugin recorded it when the session began */
  cart_id?: string
  /** the authorisation the session holds already, from the acquirer's signed answer to the card's request */
  held?: HeldAuthorisation
  /** the journal's attempt the order number names */
  attempt: Operation
}

/** What the triage found before verifying, so the verified notification is not looked up again. */
export interface KnownPayment {
  attempt?: Operation
  held?: HeldAuthorisation
}

/**
 * Which credentials verify a notification: those the payment it names was
 * made with. The order number (not trusted yet: it only picks the key that
 * must verify the signature) finds the attempt in the journal, the attempt
 * its session, the session the account recorded when it began (or null:
 * medusa-config alone), whatever accounts were added, disabled or deleted
 * since. So an account's key verifies only its own payments. A payment
 * from before the account was recorded is verified with the live account
 * the notification names, else medusa-config; a deleted row never serves
 * there. Null: the order number names no payment of this provider.
 */
export async function notificationAccount(
  providerId: string,
  fields: Record<string, unknown> | null,
  journal: Pick<Journal, "list"> = moduleJournal(),
  /** the deductions' infix of the provider's medusa-config options */
  infix: string = DEDUCTION_INFIX
): Promise<NotificationAccount | null> {
  const orderNo = fields ? paymentOrderNo(fields, infix) : ""
  if (!fields || !orderNo) return null
  const [attempt] = await journal.list(
    { kind: ["authorise", "checkout"], order_no: orderNo },
    1
  )
  if (!attempt?.session_id || attempt.provider_id !== providerId) return null
  const payment = { order_no: orderNo, session_id: attempt.session_id }
  const data = await readSession({ session_id: attempt.session_id })
  const held = heldAuthorisation(data, orderNo)
  const known = {
    payment,
    attempt,
    ...(data.cart?.id ? { cart_id: data.cart.id } : {}),
    ...(held ? { held } : {}),
  }
  if (data.account)
    return { choice: choiceOf(data), account_id: data.account.id, ...known }
  return {
    choice: {
      currency: data.currency,
      names: { merchant_id: fields.merchant_id, account_id: fields.account_id },
    },
    ...known,
  }
}
