/**
 * Writes a new payout, with the account that will send it, before any
 * request leaves. With an idempotency key the database's unique index
 * decides, whichever instance each create reaches: one create writes the
 * row; every other with the same key (at the same moment, or later after a
 * lost answer) gets that row back and sends nothing.
 */
import { coreFor } from "../accounts/registry"
import {
  differingFields,
  newPayoutRecord,
  type PayoutInput,
} from "./payout-record"
import { findPayout, insertPayout } from "./payout-store"

interface Scope {
  resolve<T = unknown>(key: string): T
}

export interface RecordedPayout {
  id: string
  /** false: the key's payout was already written; it is not sent again */
  created: boolean
  /** request fields where this create differs from the key's payout (answered with 409) */
  conflicts: string[]
}

export async function recordPayout(
  scope: Scope,
  input: PayoutInput
): Promise<RecordedPayout> {
  const record = newPayoutRecord(input)
  const core = await coreFor(scope, input.provider_id, {
    currency: input.payment_currency,
  })
  try {
    const created = await insertPayout(scope, {
      ...record,
      account: { id: core.account.id, mode: core.account.mode },
    })
    return { id: created.id, created: true, conflicts: [] }
  } catch (error) {
    // insert first, read after: the unique index let another create with this key in
    const existing = record.idempotency_key
      ? await findPayout(scope, { idempotency_key: record.idempotency_key })
      : undefined
    if (!existing) throw error
    return {
      id: existing.id,
      created: false,
      conflicts: differingFields(existing, record),
    }
  }
}
