/**
 * The account form's availability rules as the editor holds them: one draft
 * per rule, every value as typed. Checked here only as far as a typo goes
 * (the server judges currencies, digits and country codes and its 400 is
 * shown beside the section).
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

const AMOUNT = /^\d+(\.\d+)?$/

type Problem = { key?: keyof RuleDraft; message: string }

function draftProblem(draft: RuleDraft): Problem | undefined {
  const currency = draft.currency.trim()
  const min = draft.min_amount.trim()
  const max = draft.max_amount.trim()
  const billing = codes(draft.billing_countries)
  const shipping = codes(draft.shipping_countries)
  if (currency && !/^[A-Za-z]{3}$/.test(currency))
    return {
      key: "currency",
      message: 'must be an ISO 4217 currency code such as "USD"',
    }
  for (const [key, value] of [
    ["min_amount", min],
    ["max_amount", max],
  ] as const) {
    if (!value) continue
    if (!AMOUNT.test(value))
      return { key, message: 'must be a decimal string such as "5000.00"' }
    if (!currency)
      return {
        key,
        message: "needs the rule's currency (each currency has its own digits)",
      }
  }
  for (const [key, list] of [
    ["billing_countries", billing],
    ["shipping_countries", shipping],
  ] as const) {
    const wrong = list.find((code) => !/^[a-z]{2}$/.test(code))
    if (wrong)
      return {
        key,
        message: `"${wrong}" is not an ISO 3166-1 alpha-2 country code such as "de"`,
      }
  }
  if (!min && !max && !billing.length && !shipping.length)
    return {
      message:
        "must limit something: a minimum or maximum amount, or a list of countries",
    }
  return undefined
}

const ruleName = (index: number, key?: string) =>
  key ? `Rule ${index + 1}, ${key}` : `Rule ${index + 1}`

/** The first problem of the drafts, named by rule ("Rule 2, currency: …"). */
export function rulesProblem(drafts: RuleDraft[]): string | undefined {
  for (const [index, draft] of drafts.entries()) {
    const problem = draftProblem(draft)
    if (problem) return `${ruleName(index, problem.key)}: ${problem.message}`
  }
  return undefined
}

/** A server reason under `availability` ("rules[0].min_amount: …") as the editor names it ("Rule 1, min_amount: …"). */
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
