/**
 * The part of the gateway client the Medusa glue uses, in the glue's own
 * terms. `fromAcquiringClient` adapts the real client; unit tests pass a
 * fake. Keeping the surface this small means a change in the client's
 * result shapes touches one adapter, not every provider method.
 */

export interface ResultText {
  code: string
  text: string
}

/** A verified direct result, 3-D Secure result, browser return or notification. */
export interface GatewayResult {
  order_no: string
  transaction_id?: string
  amount?: string
  currency?: string
  order_status: string
  result: ResultText
  card?: string
  threeds_result?: string
  risk_action?: string
  risk_score?: string
  issuer_url?: string
  notify_type?: string
}

export interface EntryOutcome {
  transaction_id: string
  ok: boolean
  error?: ResultText
}

export interface RefundOutcome extends EntryOutcome {
  refund_reference_id?: string
  refund_amount?: string
}

export interface TransactionRecord {
  order_no: string
  transaction_id?: string
  amount?: string
  currency?: string
  payment_status: string
  /** query_result: 1 found, 2 no such order, … */
  query_result: string
}

export interface RefundRecord {
  order_no: string
  transaction_id?: string
  refund_amount?: string
  refund_reference_id?: string
  refund_reason?: string
  refund_status?: string
}

export interface BatchEntry {
  transaction_id: string
  order_no: string
  currency: string
  amount: string
}

export interface GatewayPort {
  authorise(order: Record<string, unknown>): Promise<GatewayResult>
  /** The service's HTML answer, unchanged */
  checkout(order: Record<string, unknown>): Promise<{ html: string }>
  capture(entries: BatchEntry[]): Promise<EntryOutcome[]>
  cancel(entries: BatchEntry[]): Promise<EntryOutcome[]>
  review(
    entries: (BatchEntry & { review_flag: string })[]
  ): Promise<EntryOutcome[]>
  refund(
    entries: (BatchEntry & { refund_amount: string; refund_reason?: string })[]
  ): Promise<RefundOutcome[]>
  retrieveTransactions(
    selector: { order_nos: string[] } | { transaction_ids: string[] }
  ): Promise<TransactionRecord[]>
  retrieveRefunds(selector: { order_nos: string[] }): Promise<RefundRecord[]>
  /** Throws when the signature does not match */
  verifyNotification(fields: Record<string, unknown>): GatewayResult
  verifyResult(fields: Record<string, unknown>): GatewayResult
}
