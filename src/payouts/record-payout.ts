/**
 * Writes a new payout, with the account that will send it, before any
 * request leaves. With an idempotency key the database's unique index
 * decides, whichever instance each create reaches: one create writes the
 * row; every other with the same key (at the same moment, or later after a
 * lost answer) gets that row back and sends nothing.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { coreFor } from "../accounts/registry"
import { accountSource } from "../accounts/account-source"
import { serves } from "../accounts/account-record"
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

/** The account chosen to pay, when it may: enabled, and serving the provider and the payout's currency. */
async function payingAccount(input: PayoutInput): Promise<string> {
  const chosen = (await accountSource().accounts()).find(
    (account) => account.id === input.account_id
  )
  const refuse = (reason: string) =>
    new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Invalid request: account_id: ${reason}`
    )
  if (!chosen || chosen.deleted_at)
    throw refuse("is not an acquiring account of this store")
  if (!serves(chosen, input.provider_id, { currency: input.payment_currency }))
    throw refuse(
      chosen.enabled
        ? `the account "${chosen.name}" does not serve ${input.payment_currency.toUpperCase()} payouts through ${input.provider_id}`
        : `the account "${chosen.name}" is disabled`
    )
  return chosen.id
}

export async function recordPayout(
  scope: Scope,
  input: PayoutInput
): Promise<RecordedPayout> {
  const record = newPayoutRecord(input)
  const core = await coreFor(
    scope,
    input.provider_id,
    input.account_id
      ? { account_id: await payingAccount(input) }
      : { currency: input.payment_currency }
  )
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
