/** Date formats of the wire, all written in UTC. */

/** A day, for the sandbox's lifetimes and dated tries. */
export const DAY_MS = 24 * 60 * 60 * 1000

const pad = (n: number, width = 2) => String(n).padStart(width, "0")

/** `YYYYMMDDHHMMSS` (transaction_date, refund_date). */
export function compactTimestamp(date: Date): string {
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`
  )
}

/** `YYYY-MM-DD HH:MM:SS` (recurring_deduction_time). */
export function localDateTime(date: Date): string {
  return `${isoDate(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
}

/** `YYYY-MM-DD`. */
export function isoDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

/** ISO 8601 with a numeric offset written without a colon (payout created_at). */
export function isoWithOffset(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+0000`
}
