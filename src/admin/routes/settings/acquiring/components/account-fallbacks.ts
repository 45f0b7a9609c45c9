/**
 * What a blank account field falls back on, read from the providers'
 * inherited values (GET /admin/acquiring/settings): medusa-config's value or
 * the plugin's default. A field with nothing to fall back on is required.
 */
import type {
  ProviderSettings,
  ValueSource,
} from "../../../../lib/settings-api"

/** The provider option each field may leave to medusa-config (storefront_url also sets the cancel URL, which may stay empty). */
export const OPTION_OF_FIELD = {
  sign_key: "sign_key",
  website_url: "website",
  backend_url: "backend_url",
  storefront_url: "storefront_return_url",
  three_d_secure: "three_d_secure",
  capture_on: "capture_on",
  order_prefix: "order_prefix",
  timeout_ms: "timeout_ms",
} as const
export type InheritingField = keyof typeof OPTION_OF_FIELD

export type Fallback =
  /** what the field takes when left blank */
  | { kind: "value"; value: unknown; source: Exclude<ValueSource, "admin"> }
  /** nothing: the field is required */
  | { kind: "none" }
  /** an account's own value hides what lies beneath: required, to be safe */
  | { kind: "hidden" }
  /** no provider to read from: the server judges */
  | { kind: "unknown" }

/** The providers an account serves: those ticked, or every one when none is. */
export function servedProviders(
  providers: readonly ProviderSettings[],
  ticked: readonly string[]
): ProviderSettings[] {
  return ticked.length
    ? providers.filter((p) => ticked.includes(p.id))
    : [...providers]
}

function fallbackIn(provider: ProviderSettings, option: string): Fallback {
  // what medusa-config and the defaults give without any account; an
  // answer without it (an older server) has only the values in force
  const view = (provider.inherited ?? provider.effective)[option]
  if (!view) return { kind: "unknown" }
  if (view.source === "admin") return { kind: "hidden" }
  const { value } = view
  const missing =
    value === null ||
    value === undefined ||
    value === "" ||
    // the sign key reads "set" / "not set", never itself
    (option === "sign_key" && value !== "set")
  return missing
    ? { kind: "none" }
    : { kind: "value", value, source: view.source }
}

/** What the field falls back on for every provider served: the first provider's value when all have one. */
export function fallbackOf(
  field: InheritingField,
  served: readonly ProviderSettings[]
): Fallback {
  const each = served.map((p) => fallbackIn(p, OPTION_OF_FIELD[field]))
  return (
    each.find((f) => f.kind === "none") ??
    each.find((f) => f.kind === "hidden") ??
    each.find((f) => f.kind === "unknown") ??
    each[0] ?? { kind: "unknown" }
  )
}

export function isRequired(fallback: Fallback): boolean {
  return fallback.kind === "none" || fallback.kind === "hidden"
}
