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
    sales_channels: record.sales_channels ?? [],
    regions: record.regions ?? [],
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

/** What of a cart chooses its account; a part not known (a payment begun outside a cart) matches any scope. */
export interface CartScope {
  currency?: string | null
  sales_channel_id?: string | null
  region_id?: string | null
}

const inScope = (listed: string[] | null | undefined, value?: string | null) =>
  !value || !listed?.length || listed.includes(value)

/** Whether an account may serve a payment of this provider for this cart (what of it is known). */
export function serves(
  account: AccountRecord,
  providerId: string,
  cart: CartScope = {}
): boolean {
  if (!account.enabled || account.deleted_at) return false
  if (account.providers?.length && !account.providers.includes(providerId))
    return false
  return cartInScope(account, cart)
}

/** The carts a scope limits to (an account's, or medusa-config's options'); an empty list limits nothing. */
export interface CartLimits {
  currencies?: string[] | null
  sales_channels?: string[] | null
  regions?: string[] | null
}

/** Whether a cart (what of it is known) is among those the limits allow. */
export function cartInScope(limits: CartLimits, cart: CartScope = {}): boolean {
  return (
    inScope(
      limits.currencies?.map((c) => c.toLowerCase()),
      cart.currency?.toLowerCase()
    ) &&
    inScope(limits.sales_channels, cart.sales_channel_id) &&
    inScope(limits.regions, cart.region_id)
  )
}

/**
 * How specific an account's scope is, most specific first: naming sales
 * channels counts most, then regions, then currencies, then providers.
 * Two accounts of the same rank that can serve one cart tie (scopeTie).
 */
/** What of an account its scope is made of, saved or about to be. */
export type AccountScope = Pick<
  AccountRecord,
  "enabled" | "providers" | "currencies" | "sales_channels" | "regions"
> & { id?: string; deleted_at?: AccountRecord["deleted_at"] }

export function scopeRank(account: AccountScope): number {
  return (
    (account.sales_channels?.length ? 0 : 8) +
    (account.regions?.length ? 0 : 4) +
    (account.currencies?.length ? 0 : 2) +
    (account.providers?.length ? 0 : 1)
  )
}

const overlap = (
  a: string[] | null | undefined,
  b: string[] | null | undefined
) => !a?.length || !b?.length || a.some((value) => b.includes(value))

/**
 * Whether `a` and `b`, both enabled, would both be the most specific
 * account for some cart: the same rank and scopes that share a provider,
 * currency, sales channel and region.
 */
export function scopeTie(a: AccountScope, b: AccountScope): boolean {
  return (
    a.id !== b.id &&
    a.enabled &&
    b.enabled &&
    !a.deleted_at &&
    !b.deleted_at &&
    scopeRank(a) === scopeRank(b) &&
    overlap(a.providers, b.providers) &&
    overlap(a.currencies, b.currencies) &&
    overlap(a.sales_channels, b.sales_channels) &&
    overlap(a.regions, b.regions)
  )
}

/**
 * The account serving a new payment: the most specific (scopeRank) of the
 * enabled accounts serving the cart, then the oldest (a stable choice on
 * every instance, for ties saved before the admin refused them).
 */
export function accountFor(
  accounts: readonly AccountRecord[],
  providerId: string,
  cart: CartScope = {}
): AccountRecord | undefined {
  return accounts
    .filter((account) => serves(account, providerId, cart))
    .sort(
      (a, b) =>
        scopeRank(a) - scopeRank(b) ||
        new Date(a.created_at).getTime() - new Date(b.created_at).getTime() ||
        a.id.localeCompare(b.id)
    )[0]
}
