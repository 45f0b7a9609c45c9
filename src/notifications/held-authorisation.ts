/**
 * A card payment's authorisation the plugin already holds, from the
 * acquirer's signed answer to the card's request; and whether a verified
 * notification only restates it (then the status query would only say it
 * again).
 */
import {
  interpretOrderStatus,
  type VerifiedNotification,
} from "../gateway/index"
import type { ProviderCore } from "../accounts/core"
import { rulesOf as rules } from "../acquirer-calls/settle-attempts"
import type { SessionData } from "../payment-sessions/session-data"
import { isDelayed } from "../payment-sessions/status-meaning"

/** A card payment's authorisation the plugin holds: its order number and the acquirer's transaction. */
export interface HeldAuthorisation {
  order_no: string
  transaction_id: string
}

/** The session's authorisation of `orderNo`, when it holds one (not one held for review). */
export function heldAuthorisation(
  data: SessionData,
  orderNo: string
): HeldAuthorisation | undefined {
  if (data.status !== "authorized" || data.review === "held") return undefined
  if (data.order_no !== orderNo || !data.transaction_id) return undefined
  return { order_no: orderNo, transaction_id: data.transaction_id }
}

/** An authorising notification of the very transaction the session holds authorised, as the merchant's rules read it. */
export function restatesHeld(
  core: ProviderCore,
  notification: VerifiedNotification,
  orderNo: string,
  held: HeldAuthorisation | undefined
): boolean {
  if (!held || held.order_no !== orderNo) return false
  if (held.transaction_id !== notification.transaction_id) return false
  const { status_codes, delayed, auto_capture } = rules(core)
  if (auto_capture || isDelayed(notification.payment_method, delayed))
    return false
  return (
    interpretOrderStatus(
      notification.order_status,
      status_codes?.order_status
    ) === "authorised"
  )
}
