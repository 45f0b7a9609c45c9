/**
 * An account's availability rules: which carts its acquiring providers may
 * serve. Stored as the account's `availability` (null: every cart); the
 * admin's account form runs the same checks before it sends.
 *
 *   { "rules": [
 *     { "providers": ["pp_acquiring-card_acquiring"], "currency": "USD",
 *       "min_amount": "1.00", "max_amount": "5000.00" },
 *     { "billing_countries": ["de", "at"], "shipping_countries": ["de"] } ] }
 *
 * A rule applies to a cart paid with one of its `providers` (absent or
 * empty: every provider the account serves) in its `currency` (absent: any
 * currency). A cart must keep every rule that applies to it. Amounts are
 * decimal strings compared exactly with the cart's total, inclusive at both
 * ends; they need a currency because each currency has its own digits.
 * Countries are ISO 3166-1 alpha-2 codes, lower case as Medusa writes them;
 * a cart without that address breaks a country rule.
 */
import { z } from "zod"
// each from its own file: the admin's bundle must not reach the gateway's HTTP client
import { compareAmounts, formatAmount } from "../gateway/money/amount"
import {
  currencyDigits,
  isKnownCurrency,
} from "../gateway/money/currency-digits"

const REGION_NAMES = new Intl.DisplayNames(["en"], {
  type: "region",
  fallback: "none",
})
// region codes CLDR names that are not countries of ISO 3166-1
const NOT_COUNTRIES = new Set(["eu", "ez", "un", "qo", "zz", "xa", "xb"])

export function isCountryCode(code: string): boolean {
  return (
    /^[a-z]{2}$/.test(code) &&
    !NOT_COUNTRIES.has(code) &&
    REGION_NAMES.of(code.toUpperCase()) !== undefined
  )
}

/** "de" → "Germany"; the code itself when the name is unknown. */
export function countryName(code: string): string {
  return REGION_NAMES.of(code.toUpperCase()) ?? code.toUpperCase()
}

const COUNTRY_MESSAGE =
  'must be an ISO 3166-1 alpha-2 country code such as "de"'

const country = z
  .string({ error: COUNTRY_MESSAGE })
  .trim()
  .toLowerCase()
  .refine(isCountryCode, COUNTRY_MESSAGE)

/** One or more country codes, lower case, each once. */
export const CountryListSchema = z
  .array(country, { error: "must be a list of country codes" })
  .min(
    1,
    "must name at least one country (leave it out to allow every country)"
  )
  .max(250, "must name at most 250 countries")
  .transform((codes) => [...new Set(codes)])

const countries = CountryListSchema

const CURRENCY_MESSAGE = 'must be an ISO 4217 currency code such as "USD"'

/** An ISO 4217 code, upper case. */
export const CurrencyCodeSchema = z
  .string({ error: CURRENCY_MESSAGE })
  .trim()
  .refine(
    (value) => /^[A-Za-z]{3}$/.test(value) && isKnownCurrency(value),
    CURRENCY_MESSAGE
  )
  .transform((value) => value.toUpperCase())

const currency = CurrencyCodeSchema

/** A decimal string; its digits are checked against its currency where it is used. */
export const DecimalAmountSchema = z
  .string({ error: 'must be a decimal string such as "5000.00"' })
  .trim()
  .regex(/^\d+(\.\d+)?$/, 'must be a decimal string such as "5000.00"')

const amount = DecimalAmountSchema

/** A provider id of this plugin as Medusa registers it (pp_<identifier>_<id>). */
export const AcquiringProviderIdSchema = z
  .string({ error: "must be an acquiring provider id" })
  .regex(
    /^pp_acquiring-(card|hosted)_[A-Za-z0-9_-]+$/,
    "must be an acquiring provider id such as pp_acquiring-card_acquiring"
  )

const RULE_KEYS = [
  "min_amount",
  "max_amount",
  "billing_countries",
  "shipping_countries",
] as const

export const AvailabilityRuleSchema = z
  .object({
    providers: z.array(AcquiringProviderIdSchema).max(50).optional(),
    currency: currency.optional(),
    min_amount: amount.optional(),
    max_amount: amount.optional(),
    billing_countries: countries.optional(),
    shipping_countries: countries.optional(),
  })
  .strict()
  .superRefine((rule, ctx) => {
    if (RULE_KEYS.every((key) => rule[key] === undefined))
      ctx.addIssue({
        code: "custom",
        path: [],
        message:
          "must limit something: min_amount, max_amount, billing_countries or shipping_countries",
      })
    for (const key of ["min_amount", "max_amount"] as const) {
      const value = rule[key]
      if (value === undefined) continue
      if (!rule.currency) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message:
            "needs the rule's currency (each currency has its own digits)",
        })
        continue
      }
      const digits = currencyDigits(rule.currency)
      if ((value.split(".")[1] ?? "").length > digits)
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `must have at most ${digits} decimal places for ${rule.currency}`,
        })
    }
  })
  .transform((rule, ctx) => {
    // amounts kept with exactly the currency's digits: "5000" USD is stored "5000.00"
    const exact = (value: string | undefined) =>
      value !== undefined && rule.currency
        ? formatAmount(value, rule.currency)
        : undefined
    const min = exact(rule.min_amount)
    const max = exact(rule.max_amount)
    if (min && max && compareAmounts(min, max) > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["min_amount"],
        message: `must not be above max_amount (${max})`,
      })
      return z.NEVER
    }
    return {
      ...(rule.providers?.length ? { providers: rule.providers } : {}),
      ...(rule.currency ? { currency: rule.currency } : {}),
      ...(min ? { min_amount: min } : {}),
      ...(max ? { max_amount: max } : {}),
      ...(rule.billing_countries
        ? { billing_countries: rule.billing_countries }
        : {}),
      ...(rule.shipping_countries
        ? { shipping_countries: rule.shipping_countries }
        : {}),
    }
  })

export const AvailabilitySchema = z
  .object({
    rules: z
      .array(AvailabilityRuleSchema, { error: "must be a list of rules" })
      .max(100, "must hold at most 100 rules"),
  })
  .strict()

export type AvailabilityRule = z.output<typeof AvailabilityRuleSchema>
export type Availability = z.output<typeof AvailabilitySchema>
