/**
 * The provider's own part of payment session and payment `data`. Only the
 * keys listed here are ever returned to Medusa for storage: whatever else
 * reaches the provider (a card a client sent by mistake, an unknown key) is
 * dropped, so it cannot end up in a table.
 */
import type { CartSnapshot, ClientContext, DeviceData } from "./cart-snapshot"

export const STORED_STATUSES = [
  "pending",
  "authorized",
  "requires_more",
  "captured",
  "canceled",
  "error",
] as const
export type StoredStatus = (typeof STORED_STATUSES)[number]

export interface ThreeDsForm {
  action: string
  method: "POST"
  inputs: Record<string, string>
}

export interface StoredRefund {
  refund_reference_id: string
  amount: string
  /** Medusa's refund id, so a retried refund is recognised */
  idempotency_key?: string
}

export interface AcquiringSessionData {
  session_id?: string
  order_no?: string
  transaction_id?: string
  status?: StoredStatus
  order_status?: string
  result?: { code: string; text: string }
  card_masked?: string
  three_ds?: { issuer_url?: string; result?: string; form?: ThreeDsForm }
  risk?: { action?: string; score?: string }
  amount?: string
  currency?: string
  refunds?: StoredRefund[]
  cart?: CartSnapshot
  device?: DeviceData
  client?: ClientContext
}

/** Keys a session's data may carry; device and client are the storefront's and the request's, never card data. */
export const STORED_KEYS = [
  "session_id",
  "order_no",
  "transaction_id",
  "status",
  "order_status",
  "result",
  "card_masked",
  "three_ds",
  "risk",
  "amount",
  "currency",
  "refunds",
  "cart",
  "device",
  "client",
] as const satisfies readonly (keyof AcquiringSessionData)[]

/** Keys the storefront may see in API answers (the cart snapshot and request data are left out). */
export const PUBLIC_KEYS = STORED_KEYS.filter(
  (key) => key !== "cart" && key !== "client"
)

export function keepStoredKeys(
  data: Record<string, unknown> | null | undefined
): AcquiringSessionData {
  const out: Record<string, unknown> = {}
  if (!data) return out
  for (const key of STORED_KEYS) {
    if (data[key] !== undefined) out[key] = data[key]
  }
  return out as AcquiringSessionData
}

export function publicView(
  data: Record<string, unknown> | null | undefined
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (!data) return out
  for (const key of PUBLIC_KEYS) {
    if (data[key] !== undefined) out[key] = data[key]
  }
  return out
}

export function isHeldForReview(data: AcquiringSessionData): boolean {
  return data.order_status === "-2" || data.risk?.action === "REVIEW"
}
