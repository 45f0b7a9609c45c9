/**
 * Request limits of the acquiring service. Every number here is a default:
 * an acquirer may differ, so callers merge overrides with `resolveBatchLimits`
 * / `resolveFieldLimits` instead of editing the tables.
 */

export type BatchOperation =
  "capture" | "cancel" | "refund" | "review" | "query" | "refund_search"

export type BatchLimits = Record<BatchOperation, number>
export type BatchLimitOverrides = Partial<BatchLimits>

/** Most entries one request may carry (capture from the wire contract, the rest from the interface). */
export const DEFAULT_BATCH_LIMITS: Readonly<BatchLimits> = Object.freeze({
  capture: 50,
  cancel: 50,
  refund: 50,
  review: 100,
  query: 100,
  refund_search: 100,
})

export type LimitedField =
  | "order_no"
  | "amount"
  | "website"
  | "items"
  | "note"
  | "shopper_id"
  | "shopper_email"
  | "shopper_ip"
  | "card"
  | "refund_reason"
  | "custom"
  | "token_id"
  | "descriptor"

export type FieldLimits = Record<LimitedField, number>
export type FieldLimitOverrides = Partial<FieldLimits>

/** Maximum characters per field; `amount` applies to every amount field. */
export const DEFAULT_FIELD_LIMITS: Readonly<FieldLimits> = Object.freeze({
  order_no: 50,
  amount: 15,
  website: 2000,
  items: 5000,
  note: 1000,
  shopper_id: 64,
  shopper_email: 100,
  shopper_ip: 50,
  card: 20,
  refund_reason: 50,
  custom: 2500,
  /** the wire contract's DECISION for stored cards */
  token_id: 64,
  /** the text on the card holder's statement: the card networks' 22 characters (the project's DECISION) */
  descriptor: 22,
})

/** Maximum characters of the comma-separated selector of retrievalTrans / retrievalRefund. */
export const DEFAULT_SELECTOR_MAX_CHARS = 1000

/** Maximum characters of the encoded `items` string. */
export const DEFAULT_ITEMS_MAX_CHARS = DEFAULT_FIELD_LIMITS.items

export function resolveBatchLimits(
  overrides?: BatchLimitOverrides
): BatchLimits {
  return mergePositive(DEFAULT_BATCH_LIMITS, overrides, "batch limit")
}

export function resolveFieldLimits(
  overrides?: FieldLimitOverrides
): FieldLimits {
  return mergePositive(DEFAULT_FIELD_LIMITS, overrides, "field limit")
}

function mergePositive<K extends string>(
  defaults: Readonly<Record<K, number>>,
  overrides: Partial<Record<K, number>> | undefined,
  what: string
): Record<K, number> {
  const merged = { ...defaults } as Record<K, number>
  for (const [key, value] of Object.entries(overrides ?? {}) as [
    K,
    number | undefined,
  ][]) {
    if (value === undefined) continue
    if (!(key in defaults)) {
      throw new RangeError(`unknown ${what} "${key}"`)
    }
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(
        `${what} "${key}" must be a positive integer, got ${value}`
      )
    }
    merged[key] = value
  }
  return merged
}
