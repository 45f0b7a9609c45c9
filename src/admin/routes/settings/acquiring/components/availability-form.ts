/**
 * The account form's availability rules as the editor holds them: one draft
 * per rule, every value as typed. The rules they make are checked by the
 * server's own schema (admin-contract/account-availability.ts) before they
 * are sent.
 */
import type {
  AccountAvailability,
  AvailabilityRule,
} from "../../../../lib/settings-api"

export type RuleDraft = {
  /** none ticked: every provider the account serves */
  providers: string[]
  currency: string
  min_amount: string
  max_amount: string
  /** codes separated by commas, e.g. "us, ca" */
  billing_countries: string
  shipping_countries: string
}

export function emptyRule(): RuleDraft {
  return {
    providers: [],
    currency: "",
    min_amount: "",
    max_amount: "",
    billing_countries: "",
    shipping_countries: "",
  }
}

const joined = (codes: string[] | undefined) => (codes ?? []).join(", ")

export function draftsOf(
  availability: AccountAvailability | null
): RuleDraft[] {
  return (availability?.rules ?? []).map((rule) => ({
    providers: rule.providers ?? [],
    currency: rule.currency ?? "",
    min_amount: rule.min_amount ?? "",
    max_amount: rule.max_amount ?? "",
    billing_countries: joined(rule.billing_countries),
    shipping_countries: joined(rule.shipping_countries),
  }))
}

const codes = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((code) => code.toLowerCase())

/** The request's `availability`: null without rules (every cart served). */
export function availabilityOf(
  drafts: RuleDraft[]
): AccountAvailability | null {
  if (!drafts.length) return null
  return {
    rules: drafts.map((draft) => {
      const rule: AvailabilityRule = {}
      if (draft.providers.length) rule.providers = draft.providers
      if (draft.currency.trim())
        rule.currency = draft.currency.trim().toUpperCase()
      if (draft.min_amount.trim()) rule.min_amount = draft.min_amount.trim()
      if (draft.max_amount.trim()) rule.max_amount = draft.max_amount.trim()
      if (codes(draft.billing_countries).length)
        rule.billing_countries = codes(draft.billing_countries)
      if (codes(draft.shipping_countries).length)
        rule.shipping_countries = codes(draft.shipping_countries)
      return rule
    }),
  }
}

const ruleName = (index: number, key?: string) =>
  key ? `Rule ${index + 1}, ${key}` : `Rule ${index + 1}`

/** A reason under `availability` ("rules[0].min_amount: …") as the editor names it ("Rule 1, min_amount: …"). */
export function ruleReason(reason: string): string {
  const named = /^rules\[(\d+)\](?:\.([A-Za-z_]+)(?:\[(\d+)\])?)?:\s*/.exec(
    reason
  )
  if (!named) return reason
  const [whole, index, key, entry] = named
  const field =
    key && entry !== undefined ? `${key} entry ${Number(entry) + 1}` : key
  return `${ruleName(Number(index), field)}: ${reason.slice(whole.length)}`
}
