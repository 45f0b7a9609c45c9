/**
 * Effective options of a provider: the entry's options in medusa-config
 * (defaults, so infrastructure-as-code keeps working) overlaid by the admin
 * account serving the payment, validated by the options' schema as a whole.
 */
import {
  AcquiringOptionsError,
  AcquiringOptionsSchema,
  parseAcquiringOptions,
  type AcquiringOptions,
} from "./options"
import { capturePolicy } from "./capture-policy"
import type { AccountValues } from "./account-record"

export type Source = "admin" | "config" | "default"

/** The option values an account sets (null fields are left to medusa-config). */
export function accountOverlay(
  account: AccountValues,
  signKey: string | undefined
): Record<string, unknown> {
  const overlay: Record<string, unknown> = {
    merchant_id: account.merchant_id,
    account_id: account.account_id,
    base_url: account.base_url,
    mode: account.mode,
    ...(signKey !== undefined ? { sign_key: signKey } : {}),
    ...(account.website_url !== null ? { website: account.website_url } : {}),
    ...(account.backend_url !== null
      ? { backend_url: account.backend_url }
      : {}),
    // one storefront page takes both returns: the `status` parameter tells them apart
    ...(account.storefront_url !== null
      ? {
          storefront_return_url: account.storefront_url,
          storefront_cancel_url: account.storefront_url,
        }
      : {}),
  }
  for (const key of [
    "three_d_secure",
    "auto_capture",
    "capture_on",
    "order_prefix",
    "timeout_ms",
  ] as const) {
    if (account[key] !== null && account[key] !== undefined)
      overlay[key] = account[key]
  }
  for (const [key, value] of Object.entries(account.advanced ?? {})) {
    if (value !== undefined && value !== null) overlay[key] = value
  }
  return overlay
}

function configObject(raw: unknown): Record<string, unknown> {
  return raw && typeof raw === "object"
    ? Object.fromEntries(
        Object.entries(raw as Record<string, unknown>).filter(
          ([, value]) => value !== undefined
        )
      )
    : {}
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === "object" && !Array.isArray(value)

/**
 * `over` laid on `under` value by value: an object option (payment_methods,
 * saved_cards, retention, limits, …) keeps every value the account does not
 * set; anything else, a list included, replaces what is under it.
 */
function laidOver(under: unknown, over: unknown): unknown {
  if (!isPlainObject(under) || !isPlainObject(over)) return over
  const merged: Record<string, unknown> = { ...under }
  for (const [key, value] of Object.entries(over))
    if (value !== undefined) merged[key] = laidOver(under[key], value)
  return merged
}

export function mergedOptions(
  configRaw: unknown,
  overlay: Record<string, unknown> | undefined
): Record<string, unknown> {
  const merged = configObject(configRaw)
  for (const [key, value] of Object.entries(overlay ?? {}))
    merged[key] = laidOver(merged[key], value)
  return merged
}

export function effectiveOptions(
  configRaw: unknown,
  overlay: Record<string, unknown> | undefined
): AcquiringOptions {
  return parseAcquiringOptions(mergedOptions(configRaw, overlay))
}

type OptionName = keyof typeof AcquiringOptionsSchema.shape

/** Options the Providers block does not list: velocity has a page of its own, the cart scope is the coverage map's. */
const NOT_SHOWN = new Set([
  "velocity",
  "currencies",
  "sales_channels",
  "regions",
])

export const SHOWN_FIELDS = (
  Object.keys(AcquiringOptionsSchema.shape) as OptionName[]
).filter((key) => !NOT_SHOWN.has(key))

export type EffectiveView = Record<string, { value: unknown; source: Source }>

/** Where each effective value comes from; the sign key only as "set" / "not set". */
export function effectiveView(
  configRaw: unknown,
  overlay: Record<string, unknown> | undefined
): EffectiveView {
  const config = configObject(configRaw)
  const merged = mergedOptions(configRaw, overlay)
  let parsed: Partial<AcquiringOptions> = {}
  try {
    parsed = parseAcquiringOptions(merged)
  } catch (error) {
    if (!(error instanceof AcquiringOptionsError)) throw error
    // a required value is missing: each field alone, so a default still
    // shows as the value in force (a missing one reads as null, an invalid one as given)
    parsed = Object.fromEntries(
      SHOWN_FIELDS.map((field) => {
        const one = AcquiringOptionsSchema.shape[field].safeParse(merged[field])
        return [field, one.success ? one.data : merged[field]]
      })
    )
  }
  const sourceOf = (field: string): Source =>
    overlay && field in overlay
      ? "admin"
      : field in config
        ? "config"
        : "default"
  const view: EffectiveView = {}
  for (const field of SHOWN_FIELDS) {
    // capture_on in force is auto_capture's meaning while neither layer sets capture_on: its source is auto_capture's then
    const source: Source =
      field === "capture_on" && merged.capture_on == null
        ? sourceOf("auto_capture")
        : sourceOf(field)
    const value =
      field === "capture_on"
        ? capturePolicy({
            capture_on: parsed.capture_on,
            auto_capture: parsed.auto_capture ?? false,
          })
        : (parsed as Record<string, unknown>)[field]
    view[field] =
      field === "sign_key"
        ? { value: value ? "set" : "not set", source }
        : { value: value ?? null, source }
  }
  return view
}

/**
 * Options of an entry in medusa-config may leave out what an admin account
 * supplies (even everything); what they do set must be valid.
 */
export function configIssues(
  raw: unknown
): { path: string; message: string }[] {
  const config = configObject(raw)
  try {
    parseAcquiringOptions(config)
    return []
  } catch (error) {
    if (!(error instanceof AcquiringOptionsError)) throw error
    return error.issues.filter((issue) => {
      const top = issue.path.split(".")[0]
      return top === "options" || config[top] !== undefined
    })
  }
}
