/**
 * Merchant order numbers derived from the payment session, so that a retry
 * of the same attempt reuses its number (the service refuses a duplicate
 * order_no instead of charging twice) and a notification leads back to its
 * session without a database look-up.
 *
 *   first attempt:  <prefix><session ulid>          e.g. MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N
 *   later attempts: <prefix><session ulid>-<n>      n = 2, 3, … (after a failed attempt)
 */
const SESSION_PREFIX = "payses_"
const ATTEMPT_SUFFIX = /-(\d{1,2})$/
export const MAX_ATTEMPTS = 99

export interface OrderNumberParts {
  session_id: string
  attempt: number
}

export function orderNumberFor(
  prefix: string,
  sessionId: string,
  attempt = 1
): string {
  if (
    !sessionId.startsWith(SESSION_PREFIX) ||
    sessionId.length === SESSION_PREFIX.length
  ) {
    throw new Error(
      `payment session id "${sessionId}" does not start with ${SESSION_PREFIX}`
    )
  }
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > MAX_ATTEMPTS) {
    throw new Error(`attempt must be a whole number from 1 to ${MAX_ATTEMPTS}`)
  }
  const core = sessionId.slice(SESSION_PREFIX.length)
  return attempt === 1 ? `${prefix}${core}` : `${prefix}${core}-${attempt}`
}

/** The session and attempt an order number belongs to, or null when it is not one of ours. */
export function parseOrderNumber(
  prefix: string,
  orderNo: string | undefined | null
): OrderNumberParts | null {
  if (typeof orderNo !== "string" || !orderNo.startsWith(prefix)) return null
  let rest = orderNo.slice(prefix.length)
  let attempt = 1
  const suffix = ATTEMPT_SUFFIX.exec(rest)
  if (suffix) {
    attempt = Number(suffix[1])
    if (attempt < 2) return null
    rest = rest.slice(0, -suffix[0].length)
  }
  if (!/^[0-9A-Za-z]+$/.test(rest)) return null
  return { session_id: `${SESSION_PREFIX}${rest}`, attempt }
}

export function nextOrderNumber(prefix: string, current: string): string {
  const parts = parseOrderNumber(prefix, current)
  if (!parts)
    throw new Error(
      `order number "${current}" was not issued with prefix "${prefix}"`
    )
  return orderNumberFor(prefix, parts.session_id, parts.attempt + 1)
}
