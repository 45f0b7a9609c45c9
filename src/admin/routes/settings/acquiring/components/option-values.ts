/**
 * Option values as the settings page shows them: in words, with units, and
 * where each comes from, e.g. "30000 ms (default)".
 */
import { ruleWords } from "../../../../../admin-contract/three-d-secure-rules"
import type { ValueSource } from "../../../../lib/settings-api"

export const SOURCE_WORDS: Record<ValueSource, string> = {
  admin: "account",
  config: "medusa-config",
  default: "default",
}

/** The capture moments in words, in the order the drawer offers them. */
export const CAPTURE_CHOICES = [
  ["authorisation", "At authorisation (the acquirer account captures at once)"],
  ["fulfilment", "When the order's first fulfilment is created"],
  ["shipment", "When the order is shipped"],
  ["manual", "By hand, from the order page"],
] as const

const CAPTURE_WORDS: Record<string, string> =
  Object.fromEntries(CAPTURE_CHOICES)

export const THREE_D_SECURE_CHOICES = [
  ["issuer", "As the issuer decides"],
  ["always", "Always"],
] as const

const THREE_D_SECURE: Record<string, string> = Object.fromEntries(
  THREE_D_SECURE_CHOICES
)

// options that are empty on purpose: what stands in for them
const WHEN_EMPTY: Record<string, string> = {
  storefront_cancel_url: "the return page, with status=canceled",
  recipes: "built-in",
  status_codes: "built-in",
  limits: "built-in",
  three_d_secure_rules: "none: three_d_secure decides",
  statement_descriptor: "the acquirer's own",
  ip_country_header: "none: the IP country is not known",
}

function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === "" ||
    (Array.isArray(value) && value.length === 0)
  )
}

/** Nothing in force: no value and nothing stands in (the sign key reads "not set"). */
export function isUnset(option: string, value: unknown): boolean {
  if (option === "sign_key") return value !== "set"
  return isEmpty(value) && !(option in WHEN_EMPTY)
}

/** One option's value in words; "not set" when it has none (and nothing stands in). */
export function optionValueText(option: string, value: unknown): string {
  if (isEmpty(value)) return WHEN_EMPTY[option] ?? "not set"
  if (option === "timeout_ms" && typeof value === "number") return `${value} ms`
  if (option === "chargeback_threshold_percent" && typeof value === "string")
    return `${value} %`
  if (option === "auto_capture" && typeof value === "boolean")
    return value ? "Yes" : "No: capture from the order page"
  if (option === "capture_on" && typeof value === "string")
    return CAPTURE_WORDS[value] ?? value
  if (option === "three_d_secure" && typeof value === "string")
    return THREE_D_SECURE[value] ?? value
  if (option === "three_d_secure_rules" && Array.isArray(value))
    return value
      .map((rule, index) => `${index + 1}. ${ruleWords(rule)}`)
      .join("; ")
  if (option === "statement_descriptor" && typeof value === "object") {
    const descriptor = value as { text?: string; append_order_no?: boolean }
    return `"${descriptor.text ?? ""}"${descriptor.append_order_no ? " and the order number" : ""}`
  }
  if (option === "retention" && typeof value === "object")
    return retentionText(value as Record<string, unknown>)
  if (Array.isArray(value)) return value.join(", ")
  if (typeof value === "object") return JSON.stringify(value)
  return String(value)
}

/** "shopper data 180 days, history 365 days" */
function retentionText(value: Record<string, unknown>): string {
  return `shopper data ${value.shopper_data_days} days, history ${value.history_days} days`
}

/** "30000 ms (default)", "https://shop.example.com (medusa-config)" */
export function inForceText(
  option: string,
  value: unknown,
  source: ValueSource
): string {
  return `${optionValueText(option, value)} (${SOURCE_WORDS[source]})`
}
