/**
 * Merchant order numbers: the entry's prefix and a random per-attempt token.
 * The token (not the session id) is what travels to the acquirer and in
 * browser-facing URLs; the journal maps it back to its session.
 *
 *   MED6f1c0e9a4b7d2c8e5f3a1b09   (prefix "MED", 24 hex digits)
 */
import { randomBytes } from "node:crypto"

const TOKEN = /^[0-9a-f]{24}$/

export interface AttemptNumber {
  order_no: string
  token: string
}

// 13 digits in a row read as a card number to the log redaction, which would mask the order number
const CARD_LIKE_RUN = /\d{13}/

/** Random hex of `bytes` bytes that the log redaction never mistakes for a card number. */
export function logSafeHex(bytes: number): string {
  let hex: string
  do hex = randomBytes(bytes).toString("hex")
  while (CARD_LIKE_RUN.test(hex))
  return hex
}

export function newAttemptNumber(prefix: string): AttemptNumber {
  const token = logSafeHex(12)
  return { order_no: `${prefix}${token}`, token }
}

export function isAttemptToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN.test(value)
}

/** The token of an order number issued with `prefix`, or null. */
export function tokenOf(
  prefix: string,
  orderNo: string | null | undefined
): string | null {
  if (typeof orderNo !== "string" || !orderNo.startsWith(prefix)) return null
  const token = orderNo.slice(prefix.length)
  return isAttemptToken(token) ? token : null
}
