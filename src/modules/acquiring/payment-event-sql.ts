/** The history's hand-written statement. */
import type { Statement } from "./statement"
import {
  PAYMENT_EVENT_COLUMNS,
  type PaymentEventInput,
} from "./writable-columns"

/** A history entry, unless one with its id was written (two handlers of one notification). */
export function keepPaymentEvent(row: PaymentEventInput): Statement {
  const columns = PAYMENT_EVENT_COLUMNS.filter(
    (column) => row[column] !== undefined
  )
  return {
    text: `insert into "acquiring_payment_event" (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map(() => "?").join(", ")}) on conflict ("id") do nothing`,
    values: columns.map((column) => row[column]),
  }
}
