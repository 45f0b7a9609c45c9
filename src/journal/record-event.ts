/**
 * Writes one entry of a payment's history (beside the operations journal).
 * History is for reading: a failed write is logged and never breaks the
 * payment it describes. Texts are scrubbed of card-like digit runs, as logs.
 */
import { createHash } from "node:crypto"
import { scrubText } from "../gateway/index"
import { acquiringModule } from "../modules/acquiring/module-access"
import type { AcquiringPaymentEventRow } from "../modules/acquiring/types"
import { thrownMessage } from "./errors"

export type PaymentEventKind = AcquiringPaymentEventRow["kind"]

export interface PaymentEvent {
  kind: PaymentEventKind
  outcome: string
  summary: string
  order_no?: string | null
  session_id?: string | null
  payment_id?: string | null
  transaction_id?: string | null
  operation?: string | null
  amount?: string | null
  currency?: string | null
  actor?: string | null
  /** when it happened, if not now (an admin's request: when it arrived) */
  at?: Date
  /** written once per key: what two handlers of one happening both record */
  once?: string
}

type Warn = (message: string) => void

export async function recordPaymentEvent(
  event: PaymentEvent,
  warn?: Warn
): Promise<void> {
  try {
    const { at, once, ...fields } = event
    const row = {
      ...fields,
      summary: scrubText(event.summary).slice(0, 2000),
      outcome: scrubText(event.outcome).slice(0, 100),
      ...(at ? { created_at: at } : {}),
    }
    if (once)
      await acquiringModule().keepPaymentEvent({
        ...row,
        id: `acqev_${createHash("sha256").update(once).digest("hex").slice(0, 26)}`,
      })
    else await acquiringModule().createAcquiringPaymentEvents(row)
  } catch (error) {
    warn?.(
      `[acquiring] a history entry (${event.kind} ${event.outcome}) was not written: ${thrownMessage(error)}`
    )
  }
}
