/**
 * An account as stored (acquiring_account) and as the admin API answers it:
 * the answer says whether a sign key is set and when it changed, never the
 * key or its ciphertext.
 */
import type { AcquiringAccountRow } from "../modules/acquiring/types"
import type { Account } from "../admin-contract/settings"
import { rulesOf } from "./availability-rules"

export type AccountRecord = AcquiringAccountRow

/** An account's own values: what a create writes, before the row has an id and timestamps. */
export type AccountValues = Omit<
  AccountRecord,
  "id" | "created_at" | "updated_at" | "deleted_at"
>

/** The admin contract's account: what the API answers. */
export type AccountView = Account

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString()

export function accountView(record: AccountRecord): AccountView {
  return {
    id: record.id,
    name: record.name,
    enabled: record.enabled,
    mode: record.mode,
    merchant_id: record.merchant_id,
    account_id: record.account_id,
    base_url: record.base_url,
    currencies: record.currencies ?? [],
    providers: record.providers ?? [],
    website_url: record.website_url,
    backend_url: record.backend_url,
    storefront_url: record.storefront_url,
    three_d_secure: record.three_d_secure,
    auto_capture: record.auto_capture,
    capture_on: record.capture_on,
    order_prefix: record.order_prefix,
    timeout_ms: record.timeout_ms,
    advanced: record.advanced ?? {},
    // the rules as the checks read them: stored through their schema, parsed once here
    availability: record.availability ? { rules: rulesOf(record) } : null,
    sign_key_set: !!record.sign_key_encrypted,
    sign_key_updated_at: iso(record.sign_key_updated_at),
    created_at: iso(record.created_at)!,
    updated_at: iso(record.updated_at)!,
  }
}

/** Whether an account may serve a payment of this provider (and currency, when known). */
export function serves(
  account: AccountRecord,
  providerId: string,
  currency?: string
): boolean {
  if (!account.enabled || account.deleted_at) return false
  if (account.providers?.length && !account.providers.includes(providerId))
    return false
  if (
    currency &&
    account.currencies?.length &&
    !account.currencies.includes(currency.toLowerCase())
  )
    return false
  return true
}

/**
 * The account serving a new payment: one naming the currency beats one
 * serving every currency, one naming the provider beats one serving every
 * provider, then the oldest (a stable choice on every instance).
 */
export function accountFor(
  accounts: readonly AccountRecord[],
  providerId: string,
  currency?: string
): AccountRecord | undefined {
  const rank = (a: AccountRecord) =>
    (a.currencies?.length ? 0 : 2) + (a.providers?.length ? 0 : 1)
  return accounts
    .filter((account) => serves(account, providerId, currency))
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        new Date(a.created_at).getTime() - new Date(b.created_at).getTime() ||
        a.id.localeCompare(b.id)
    )[0]
}
