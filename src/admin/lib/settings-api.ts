/** Answers of /admin/acquiring/settings (the settings contract), as the admin page reads them. */
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
  website_url: string | null
  backend_url: string | null
  storefront_url: string | null
  /** null: medusa-config's value (or the default) */
  three_d_secure: ThreeDSecure | null
  auto_capture: boolean | null
  order_prefix: string | null
  timeout_ms: number | null
  advanced: Record<string, unknown>
  sign_key_set: boolean
  sign_key_updated_at: string | null
  enabled: boolean
  created_at: string
  updated_at: string
}

export interface ProviderSettings {
  id: string
  identifier: "acquiring-card" | "acquiring-hosted"
  /** null until a backend URL is known */
  notify_url: string | null
  account_id: string | null
  effective: Record<string, { value: unknown; source: ValueSource }>
}

export interface SettingsAnswer {
  accounts: Account[]
  encryption_ready: boolean
  providers: ProviderSettings[]
}

export type ConnectionOutcome =
  | "accepted"
  | "signature_refused"
  | "ip_not_registered"
  | "unreachable"
  | "unexpected"

export interface ConnectionVerdict {
  outcome: ConnectionOutcome
  message: string
  code?: string
}

export interface SettingsChange {
  id: string
  account_id: string
  action: "created" | "updated" | "deleted"
  fields: string[]
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
