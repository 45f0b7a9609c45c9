/**
 * Reading request fields the way the service does: strings (numbers are
 * taken as their text), lengths from the interface document, amounts with
 * the currency's exact minor digits. Every problem is a Refusal naming the field.
 */
import { InvalidInputError } from "../gateway/errors"
import type { FieldLimits } from "../gateway/limits"
import { assertBreakdownMatches, parseAmount } from "../gateway/money/amount"
import { currencyDigits } from "../gateway/money/currency-digits"
import { Refusal } from "./result-codes"

export type WireBody = Record<string, unknown>

/** The field as text; absent or null is "". */
export function text(body: WireBody, field: string): string {
  const value = body[field]
  if (value === undefined || value === null) return ""
  if (typeof value === "string") return value
  if (typeof value === "number" || typeof value === "boolean")
    return String(value)
  throw Refusal.field("E0001", field, "must be text")
}

export function required(body: WireBody, field: string): string {
  const value = text(body, field)
  if (value.trim() === "") throw Refusal.field("E0001", field, "is required")
  return value
}

/** Refuses any listed field longer than its limit (E0001). */
export function checkLengths(
  body: WireBody,
  limits: FieldLimits,
  amountFields: readonly string[] = []
): void {
  for (const [field, max] of Object.entries(limits)) {
    if (field === "amount") continue
    const value = text(body, field)
    if (value.length > max)
      throw Refusal.field("E0001", field, `is longer than ${max} characters`)
  }
  for (const field of amountFields) {
    if (text(body, field).length > limits.amount) {
      throw Refusal.field(
        "E0001",
        field,
        `is longer than ${limits.amount} characters`
      )
    }
  }
}

/** Fields whose value is a list or an object: a form body carries them as JSON text. */
export const NESTED_FIELDS = [
  "capture_orders",
  "cancel_orders",
  "review_orders",
  "refund_orders",
  "subscription",
  "beneficiary",
  "payer",
  "cart_items",
  "account_owner",
  "total_discount",
  "additional_information",
] as const

/**
 * Reads the JSON text of nested fields in place, so signatures and checks
 * see the same message whatever the encoding. Unreadable text stays as it
 * is and is refused later, naming the field.
 */
export function expandNestedFields(body: WireBody): WireBody {
  const out: WireBody = { ...body }
  for (const field of NESTED_FIELDS) {
    const value = out[field]
    if (typeof value !== "string" || !/^\s*[[{]/.test(value)) continue
    try {
      out[field] = JSON.parse(value)
    } catch {
      // left as text
    }
  }
  return out
}

/** A list or object field, sent as JSON or (in a form body) as JSON text. */
export function nested(body: WireBody, field: string): unknown {
  const value = body[field]
  if (typeof value !== "string") return value
  const trimmed = value.trim()
  if (trimmed === "") return undefined
  if (!trimmed.startsWith("[") && !trimmed.startsWith("{")) {
    throw Refusal.field("E0001", field, "must be a list or an object")
  }
  try {
    return JSON.parse(trimmed)
  } catch {
    throw Refusal.field("E0001", field, "is not valid JSON")
  }
}

export function entryList(body: WireBody, field: string): WireBody[] {
  const value = nested(body, field)
  if (value === undefined || value === null)
    throw Refusal.field("E0001", field, "is required")
  if (!Array.isArray(value))
    throw Refusal.field("E0001", field, "must be a list")
  if (value.length === 0)
    throw Refusal.field("E0001", field, "must hold at least one entry")
  value.forEach((entry, index) => {
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
      throw Refusal.field("E0001", `${field}[${index}]`, "must be an object")
    }
  })
  return value as WireBody[]
}

export function currency(body: WireBody, field = "currency"): string {
  const code = required(body, field)
  try {
    currencyDigits(code, field)
  } catch (error) {
    throw asRefusal(error, "E0001", field)
  }
  return code.toUpperCase()
}

/** An amount with exactly the currency's digits (E0002 otherwise). */
export function amount(
  body: WireBody,
  field: string,
  currencyCode: string,
  allowZero = false
): string {
  const value = required(body, field)
  try {
    const parsed = parseAmount(value, currencyCode, field)
    if (!allowZero && parsed.isZero())
      throw Refusal.field("E0002", field, "must be greater than zero")
  } catch (error) {
    throw asRefusal(error, "E0002", field)
  }
  return value
}

/** The amount and, when any part is sent, the breakdown adding up to it (E0002). */
export function orderAmount(body: WireBody, currencyCode: string): string {
  const total = amount(body, "amount", currencyCode)
  const parts: Record<string, string> = {}
  for (const field of [
    "item_total",
    "shipping",
    "handling",
    "tax_total",
    "insurance",
    "shipping_discount",
    "discount",
  ]) {
    const value = text(body, field)
    if (value !== "") parts[field] = value
  }
  try {
    assertBreakdownMatches({ ...parts, amount: total, currency: currencyCode })
  } catch (error) {
    throw asRefusal(error, "E0002", "amount")
  }
  return total
}

function asRefusal(
  error: unknown,
  code: "E0001" | "E0002",
  field: string
): Refusal {
  if (error instanceof Refusal) return error
  if (error instanceof InvalidInputError)
    return Refusal.field(code, error.field || field, error.reason)
  return Refusal.field(code, field, "is malformed")
}
