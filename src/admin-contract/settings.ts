/** Answers of /admin/acquiring/settings and its account routes: what the server sends and the admin reads. */
export type Mode = "test" | "live"
export type ThreeDSecure = "issuer" | "always"
export type ValueSource = "admin" | "config" | "default"

export interface Account {
  id: string
  name: string
  mode: Mode
  merchant_id: string
  account_id: string
  base_url: string
  currencies: string[]
  providers: string[]
  /** Medusa sales channel ids; empty: every sales channel */
  sales_channels: string[]
  /** Medusa region ids; empty: every region */
  regions: string[]
  website_url: string | null
  backend_url: string | null
  storefront_url: string | null
  /** null: medusa-config's value (or the default) */
  three_d_secure: ThreeDSecure | null
  auto_capture: boolean | null
  /** null: auto_capture's meaning, then medusa-config */
  capture_on: "authorisation" | "fulfilment" | "shipment" | "manual" | null
  order_prefix: string | null
  timeout_ms: number | null
  advanced: Record<string, unknown>
  /** which carts the account's providers serve; null: every cart */
  availability: AccountAvailability | null
  sign_key_set: boolean
  sign_key_updated_at: string | null
  enabled: boolean
  created_at: string
  updated_at: string
}

/**
 * Availability rules (docs/admin-settings.md): a cart must keep every rule
 * whose providers (absent: all) and currency (absent: any) it matches.
 */
export interface AvailabilityRule {
  providers?: string[]
  /** ISO 4217, upper case */
  currency?: string
  /** decimal strings with the currency's digits, inclusive */
  min_amount?: string
  max_amount?: string
  /** ISO 3166-1 alpha-2, lower case */
  billing_countries?: string[]
  shipping_countries?: string[]
}

export interface AccountAvailability {
  rules: AvailabilityRule[]
}

export type EffectiveValues = Record<
  string,
  { value: unknown; source: ValueSource }
>

/**
 * Who serves the provider's new payments: an enabled account, medusa-config
 * alone, or nobody ("disabled": the account that would serve is disabled,
 * "none": no account and medusa-config incomplete), so payments are refused.
 */
export type Serving = "account" | "config" | "disabled" | "none"

export interface ProviderSettings {
  id: string
  identifier: "acquiring-card" | "acquiring-hosted"
  /** null until a backend URL is known */
  notify_url: string | null
  /** the enabled account serving, or with serving "disabled" the disabled one */
  account_id: string | null
  serving: Serving
  /** medusa-config's options alone are complete */
  config_complete: boolean
  /** the values in force (serving "disabled": the disabled account's saved values) */
  effective: EffectiveValues
  /** medusa-config's values and the defaults, without any account */
  inherited: EffectiveValues
}

/** Something that refuses card payments now: the reason and its fix, for the operator. */
export interface ConfigurationFault {
  reason: string
  /** provider ids refused; empty: every acquiring provider */
  providers: string[]
  account_id: string | null
}

/** A fault another instance (a worker, another server) reports, worded with its role and fix. */
export interface InstanceFault extends ConfigurationFault {
  role: "shared" | "server" | "worker"
  instances: number
}

/** The store's sales channels and regions, which an account may be limited to. */
export interface StoreScopes {
  sales_channels: { id: string; name: string }[]
  regions: { id: string; name: string; currency_code: string }[]
}

/**
 * Who serves a card payment in one sales channel and region of the store
 * (in the region's currency): the account chosen, medusa-config alone, or
 * nobody, so such carts are refused.
 */
export interface CartCoverage {
  sales_channel: { id: string; name: string }
  region: { id: string; name: string; currency_code: string }
  provider_id: string
  served_by: "account" | "config" | "none"
  account: { id: string; name: string } | null
}

export interface SettingsAnswer {
  accounts: Account[]
  encryption_ready: boolean
  providers: ProviderSettings[]
  /** each sales channel and region of the store, and who serves its card payments */
  coverage: CartCoverage[]
  /** what refuses card payments on the instance answering */
  faults: ConfigurationFault[]
  /** what the other live instances report */
  instance_faults?: InstanceFault[]
  /** warning: no worker (or shared instance) has reported lately */
  background?: { seen_at: string | null; warning: string | null }
}

export type ConnectionOutcome =
  | "accepted"
  | "signature_refused"
  | "ip_not_registered"
  | "unreachable"
  | "unexpected"
  | "configuration"

export interface ConnectionVerdict {
  outcome: ConnectionOutcome
  message: string
  code?: string
}

/**
 * The payment methods the acquirer offers an account, as optimise answered
 * just now for each currency it serves at a small and a large amount
 * (`asked`): what the account form's method codes are checked against
 * before saving. When nothing could be asked, why.
 */
export type OfferedMethodsAnswer =
  | {
      outcome: "answered"
      codes: string[]
      asked: { currency: string; amount: string }[]
    }
  | { outcome: "not_asked"; message: string }

/** A value as the audit keeps it: the field's JSON (null: left blank, to medusa-config or the default). */
export type AuditValue =
  | string
  | number
  | boolean
  | null
  | AuditValue[]
  | { [key: string]: AuditValue }

/** One field of a change: its value before and after; the sign key only as set or replaced. */
export type SettingsFieldChange =
  | { field: string; from: AuditValue; to: AuditValue }
  | { field: "sign_key"; change: "set" | "replaced" }

export interface SettingsChange {
  id: string
  account_id: string
  action: "created" | "updated" | "deleted"
  /** the names of the fields changed */
  fields: string[]
  /** null on entries recorded before the audit kept values */
  changes: SettingsFieldChange[] | null
  actor_id: string | null
  actor_email: string | null
  created_at: string
}

export interface ChangesAnswer {
  changes: SettingsChange[]
  count: number
  limit: number
  offset: number
}
