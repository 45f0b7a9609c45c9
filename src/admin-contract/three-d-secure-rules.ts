/**
 * 3-D Secure rules of an account: when a payment asks the issuer to
 * authenticate the card holder (`open3d` do3DS) and when it leaves that to
 * the issuer. The first rule that matches decides; with none matching, the
 * account's `three_d_secure` (always / issuer) decides. A payment the card
 * holder does not attend (staff-entered, merchant-initiated) is never asked,
 * whatever the rules say: the wire contract never challenges it.
 *
 *   [ { "when": "amount_above", "amounts": [{ "currency": "EUR", "amount": "250.00" }] },
 *     { "when": "billing_country", "countries": ["us"] },
 *     { "when": "first_order" },
 *     { "when": "every_payment", "ask": false } ]
 *
 * `ask` is true unless set: a rule exists to ask, or (false) to let the
 * issuer decide for the payments it matches. The same function decides at
 * payment time and in the admin's preview.
 */
import { z } from "zod"
// each from its own file: the admin's bundle must not reach the gateway's HTTP client
import { compareAmounts, formatAmount } from "../gateway/money/amount"
import { currencyDigits } from "../gateway/money/currency-digits"
import {
  CountryListSchema,
  CurrencyCodeSchema,
  DecimalAmountSchema,
} from "./account-availability"

const ask = z.boolean({ error: "must be true or false" }).optional()

const ThresholdSchema = z
  .object({ currency: CurrencyCodeSchema, amount: DecimalAmountSchema })
  .strict()
  .superRefine((entry, ctx) => {
    const digits = currencyDigits(entry.currency)
    if ((entry.amount.split(".")[1] ?? "").length > digits)
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: `must have at most ${digits} decimal places for ${entry.currency}`,
      })
  })
  // kept with exactly the currency's digits: "250" EUR is stored "250.00"
  .transform((entry) => ({
    currency: entry.currency,
    amount: formatAmount(entry.amount, entry.currency),
  }))

export const COUNTRY_RULES = [
  "billing_country",
  "shipping_country",
  "ip_country",
] as const
export type CountryRule = (typeof COUNTRY_RULES)[number]

export const ThreeDSecureRuleSchema = z.discriminatedUnion(
  "when",
  [
    z.object({ when: z.literal("every_payment"), ask }).strict(),
    z
      .object({
        when: z.literal("amount_above"),
        amounts: z
          .array(ThresholdSchema, { error: "must be a list of amounts" })
          .min(1, "must name at least one amount and its currency")
          .max(200)
          .superRefine((entries, ctx) => {
            const seen = new Set<string>()
            entries.forEach((entry, index) => {
              if (seen.has(entry.currency))
                ctx.addIssue({
                  code: "custom",
                  path: [index, "currency"],
                  message: `names ${entry.currency} twice`,
                })
              seen.add(entry.currency)
            })
          }),
        ask,
      })
      .strict(),
    ...COUNTRY_RULES.map((when) =>
      z
        .object({ when: z.literal(when), countries: CountryListSchema, ask })
        .strict()
    ),
    z.object({ when: z.literal("first_order"), ask }).strict(),
  ],
  {
    error:
      'must be a rule whose "when" is every_payment, amount_above, billing_country, shipping_country, ip_country or first_order',
  }
)

export const ThreeDSecureRulesSchema = z
  .array(ThreeDSecureRuleSchema, { error: "must be a list of rules" })
  .max(50, "must hold at most 50 rules")

export type ThreeDSecureRule = z.output<typeof ThreeDSecureRuleSchema>
export type ThreeDSecureRuleInput = z.input<typeof ThreeDSecureRuleSchema>
export type RuleKind = ThreeDSecureRule["when"]

/** Who is there when the payment is made. */
export type Presence = "shopper" | "staff_entered" | "merchant_initiated"

/** What of a payment the rules read; a fact not known matches no rule that needs it. */
export interface PaymentFacts {
  amount: string
  currency: string
  billing_country?: string | null
  shipping_country?: string | null
  /** the shopper's country by IP, when the deployment's proxy names it */
  ip_country?: string | null
  /** true: the customer (or guest e-mail) has no earlier order */
  first_order?: boolean | null
  presence: Presence
}

/** What was decided, and why, as the payment records it. */
export interface ThreeDSecureDecision {
  asked: boolean
  /** e.g. "above 250.00 EUR", "the account's default: the issuer decides" */
  reason: string
  /** the rule that decided, counted from 1; null: no rule did */
  rule: number | null
}

const COUNTRY_WORDS: Record<CountryRule, string> = {
  billing_country: "billing country",
  shipping_country: "shipping country",
  ip_country: "IP country",
}

/** Why the rule matches these facts, or null when it does not. */
function matchOf(rule: ThreeDSecureRule, facts: PaymentFacts): string | null {
  switch (rule.when) {
    case "every_payment":
      return "every payment"
    case "amount_above": {
      const limit = rule.amounts.find(
        (entry) => entry.currency === facts.currency.toUpperCase()
      )
      return limit && compareAmounts(facts.amount, limit.amount) > 0
        ? `above ${limit.amount} ${limit.currency}`
        : null
    }
    case "first_order":
      return facts.first_order === true ? "the customer's first order" : null
    default: {
      const country = facts[rule.when]?.toLowerCase()
      return country && rule.countries.includes(country)
        ? `${COUNTRY_WORDS[rule.when]} ${country.toUpperCase()}`
        : null
    }
  }
}

export function decideThreeDSecure(
  rules: readonly ThreeDSecureRule[],
  fallback: "always" | "issuer",
  facts: PaymentFacts
): ThreeDSecureDecision {
  if (facts.presence === "staff_entered")
    return {
      asked: false,
      reason: "staff-entered payment, the card holder is not present",
      rule: null,
    }
  if (facts.presence === "merchant_initiated")
    return {
      asked: false,
      reason: "merchant-initiated charge, the card holder is not present",
      rule: null,
    }
  for (const [index, rule] of rules.entries()) {
    const reason = matchOf(rule, facts)
    if (reason !== null)
      return { asked: rule.ask !== false, reason, rule: index + 1 }
  }
  return fallback === "always"
    ? { asked: true, reason: "the account's default: always", rule: null }
    : {
        asked: false,
        reason: "the account's default: the issuer decides",
        rule: null,
      }
}

/** "amount above 250.00 EUR or 300.00 USD: ask", as settings list a rule */
export function ruleWords(rule: ThreeDSecureRule): string {
  const verdict = rule.ask === false ? "the issuer decides" : "ask"
  switch (rule.when) {
    case "every_payment":
      return `every payment: ${verdict}`
    case "first_order":
      return `the customer's first order: ${verdict}`
    case "amount_above":
      return `amount above ${rule.amounts.map((a) => `${a.amount} ${a.currency}`).join(" or ")}: ${verdict}`
    default:
      return `${COUNTRY_WORDS[rule.when]} ${rule.countries.map((c) => c.toUpperCase()).join(", ")}: ${verdict}`
  }
}

/** "3-D Secure asked: above 250.00 EUR (rule 1)" */
export function decisionText(decision: ThreeDSecureDecision): string {
  const verdict = decision.asked ? "asked" : "not asked"
  const rule = decision.rule === null ? "" : ` (rule ${decision.rule})`
  return `3-D Secure ${verdict}: ${decision.reason}${rule}`
}
