/**
 * The account's 3-D Secure rules and statement descriptor as fields of the
 * form, although they are stored in the advanced overrides
 * (`advanced.three_d_secure_rules`, `advanced.statement_descriptor`): split
 * off the advanced JSON when the form opens, merged back when it is sent,
 * as the retention periods are (retention-form.ts). No rules leaves
 * medusa-config's rules in force.
 */
import {
  COUNTRY_RULES,
  ThreeDSecureRulesSchema,
  type RuleKind,
  type ThreeDSecureRule,
  type ThreeDSecureRuleInput,
} from "../../../../../admin-contract/three-d-secure-rules"
import type { ProviderSettings } from "../../../../lib/settings-api"
import type { Fallback } from "./account-fallbacks"
import type { Advanced } from "./advanced-parts"
import { isRecord } from "./advanced-parts"

export type SecureRuleDraft = {
  when: RuleKind
  /** amount_above: "250.00 EUR, 30000 JPY"; a country rule: "us, ca"; else unused */
  value: string
  /** false: leave the matching payments to the issuer */
  ask: boolean
}

export interface AuthenticationTexts {
  three_d_secure_rules: SecureRuleDraft[]
  descriptor_text: string
  descriptor_append: boolean
}

export type AuthenticationField = "three_d_secure_rules" | "descriptor_text"

export const RULE_KINDS: { value: RuleKind; label: string }[] = [
  { value: "amount_above", label: "Amount above" },
  { value: "billing_country", label: "Billing country" },
  { value: "shipping_country", label: "Shipping country" },
  { value: "ip_country", label: "IP country" },
  { value: "first_order", label: "Customer's first order" },
  { value: "every_payment", label: "Every payment" },
]

/** What a rule's value field asks for; null: the rule has none. */
export function valueLabel(when: RuleKind): string | null {
  if (when === "amount_above") return "Amounts (e.g. 250.00 EUR, 300 USD)"
  if ((COUNTRY_RULES as readonly string[]).includes(when))
    return "Countries (e.g. us, ca)"
  return null
}

export const emptySecureRule = (): SecureRuleDraft => ({
  when: "amount_above",
  value: "",
  ask: true,
})

const parts = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)

/** "250.00 EUR" or "EUR 250.00"; anything else goes as typed, for the schema to name. */
function threshold(part: string): { currency: string; amount: string } {
  const [a = "", b = ""] = part.split(/\s+/)
  return /^[A-Za-z]{3}$/.test(a)
    ? { currency: a, amount: b }
    : { currency: b, amount: a }
}

/** The rules the drafts make, for the schema to judge. */
export function secureRulesOf(
  drafts: SecureRuleDraft[]
): ThreeDSecureRuleInput[] {
  return drafts.map((draft): ThreeDSecureRuleInput => {
    const ask = draft.ask ? {} : { ask: false }
    switch (draft.when) {
      case "amount_above":
        return {
          when: draft.when,
          amounts: parts(draft.value).map(threshold),
          ...ask,
        }
      case "billing_country":
      case "shipping_country":
      case "ip_country":
        return {
          when: draft.when,
          countries: parts(draft.value).flatMap((p) => p.split(/\s+/)),
          ...ask,
        }
      default:
        return { when: draft.when, ...ask }
    }
  })
}

function draftOf(rule: unknown): SecureRuleDraft | null {
  if (!isRecord(rule) || typeof rule.when !== "string") return null
  const kind = RULE_KINDS.find((k) => k.value === rule.when)?.value
  if (!kind) return null
  const value = Array.isArray(rule.amounts)
    ? rule.amounts
        .filter(isRecord)
        .map((entry) => `${String(entry.amount)} ${String(entry.currency)}`)
        .join(", ")
    : Array.isArray(rule.countries)
      ? rule.countries.join(", ")
      : ""
  return { when: kind, value, ask: rule.ask !== false }
}

/** The fields, and the advanced overrides without them (what they cannot show stays in the JSON). */
export function splitAuthentication(
  advanced: Advanced | null
): AuthenticationTexts & { advanced: Advanced | null } {
  const rest: Advanced = { ...(advanced ?? {}) }
  const stored = rest.three_d_secure_rules
  const drafts = Array.isArray(stored) ? stored.map(draftOf) : []
  const rules = drafts.every((d) => d !== null) ? drafts : []
  if (rules.length === drafts.length) delete rest.three_d_secure_rules
  const descriptor = rest.statement_descriptor
  const texts = {
    three_d_secure_rules: rules as SecureRuleDraft[],
    descriptor_text:
      isRecord(descriptor) && typeof descriptor.text === "string"
        ? descriptor.text
        : "",
    descriptor_append:
      isRecord(descriptor) && descriptor.append_order_no === true,
  }
  if (isRecord(descriptor) && typeof descriptor.text === "string")
    delete rest.statement_descriptor
  return { ...texts, advanced: Object.keys(rest).length ? rest : null }
}

/** The advanced overrides with the fields merged in; undefined stays undefined (not JSON: refused as typed). */
export function mergeAuthentication(
  advanced: Advanced | null | undefined,
  texts: AuthenticationTexts
): Advanced | null | undefined {
  if (advanced === undefined) return undefined
  const merged: Advanced = { ...(advanced ?? {}) }
  if (texts.three_d_secure_rules.length)
    merged.three_d_secure_rules = secureRulesOf(texts.three_d_secure_rules)
  if (texts.descriptor_text.trim())
    merged.statement_descriptor = {
      text: texts.descriptor_text.trim(),
      ...(texts.descriptor_append ? { append_order_no: true } : {}),
    }
  return Object.keys(merged).length ? merged : null
}

/** The form field a refusal under `advanced` belongs to, and its words ("Rule 2: …"). */
export function authenticationRefusal(
  path: readonly PropertyKey[],
  message: string
): { field: AuthenticationField; message: string } | undefined {
  if (path[0] !== "advanced") return undefined
  if (path[1] === "statement_descriptor")
    return { field: "descriptor_text", message }
  if (path[1] !== "three_d_secure_rules") return undefined
  const index = path[2]
  return {
    field: "three_d_secure_rules",
    message:
      typeof index === "number" ? `Rule ${index + 1}: ${message}` : message,
  }
}

/** What decides when no rule matches: the form's choice, else what it inherits (the plugin's default: issuer). */
export function threeDSecureInForce(
  chosen: "inherit" | "always" | "issuer",
  inherited: Fallback
): "always" | "issuer" {
  if (chosen !== "inherit") return chosen
  return inherited.kind === "value" && inherited.value === "always"
    ? "always"
    : "issuer"
}

/** medusa-config's rules for the first provider served that has valid ones. */
export function inheritedSecureRules(
  served: readonly Pick<ProviderSettings, "inherited" | "effective">[]
): ThreeDSecureRule[] {
  for (const provider of served) {
    const parsed = ThreeDSecureRulesSchema.safeParse(
      (provider.inherited ?? provider.effective).three_d_secure_rules?.value
    )
    if (parsed.success && parsed.data.length) return parsed.data
  }
  return []
}
