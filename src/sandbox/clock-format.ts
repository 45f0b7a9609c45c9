/** Date formats of the wire, all written in UTC. */

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
