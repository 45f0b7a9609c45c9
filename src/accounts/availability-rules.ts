/**
 * Whether an account's availability rules (admin-contract/account-availability.ts) let one of its
 * providers serve a cart. Pure: the caller brings the account and what the
 * plugin knows of the cart. The message is the shopper's: it says what the
 * cart would need, never which account or rule list said so.
 */
import { compareAmounts, roundAmount, type AmountInput } from "../gateway/index"
import type { AccountRecord } from "./account-record"
import {
  AvailabilitySchema,
  countryName,
  type AvailabilityRule,
} from "../admin-contract/account-availability"
import type { CartSnapshot } from "../payment-sessions/cart-snapshot"

/** What the rules read of a cart. */
export interface AvailabilityCart {
  /** the cart's total, as Medusa holds it (may carry more digits than the currency) */
  total: AmountInput
  /** ISO 4217, any case */
  currency: string
  /** null: the cart has no such address (breaks a country rule); undefined: not known here (not checked) */
  billing_country?: string | null
  shipping_country?: string | null
}

export type UnavailableRule =
  "min_amount" | "max_amount" | "billing_country" | "shipping_country"

export type CartAvailability =
  | { available: true }
  | { available: false; rule: UnavailableRule; message: string }

const AVAILABLE: CartAvailability = { available: true }

/** What the rules read of the cart snapshot the middleware takes. */
export function availabilityCartOf(cart: CartSnapshot): AvailabilityCart {
  return {
    total: cart.totals.total,
    currency: cart.currency_code,
    billing_country: cart.billing_address?.country_code ?? null,
    shipping_country: cart.shipping_address?.country_code ?? null,
  }
}

/** The rules of an account; a stored value that is not valid rules (only a hand-edited row) limits nothing. */
export function rulesOf(account: AccountRecord): AvailabilityRule[] {
  if (!account.availability) return []
  const parsed = AvailabilitySchema.safeParse(account.availability)
  return parsed.success ? parsed.data.rules : []
}

function applies(
  rule: AvailabilityRule,
  providerId: string,
  currency: string
): boolean {
  if (rule.providers?.length && !rule.providers.includes(providerId))
    return false
  return !rule.currency || rule.currency === currency
}

/** Whether `providerId` of `account` may serve `cart`: the first rule the cart breaks, in the order written. */
export function availabilityOf(
  account: AccountRecord,
  providerId: string,
  cart: AvailabilityCart
): CartAvailability {
  const currency = cart.currency.toUpperCase()
  for (const rule of rulesOf(account)) {
    if (!applies(rule, providerId, currency)) continue
    const broken = brokenPart(rule, currency, cart)
    if (broken) return broken
  }
  return AVAILABLE
}

function brokenPart(
  rule: AvailabilityRule,
  currency: string,
  cart: AvailabilityCart
): CartAvailability | undefined {
  if (rule.min_amount !== undefined || rule.max_amount !== undefined) {
    // what the shopper pays: the total rounded once to the currency's digits
    const total = roundAmount(cart.total, currency, "total")
    if (
      rule.min_amount !== undefined &&
      compareAmounts(total, rule.min_amount) < 0
    )
      return refused(
        "min_amount",
        `Card payments are available for orders from ${shown(rule.min_amount)} ${currency}.`
      )
    if (
      rule.max_amount !== undefined &&
      compareAmounts(total, rule.max_amount) > 0
    )
      return refused(
        "max_amount",
        `Card payments are available for orders up to ${shown(rule.max_amount)} ${currency}.`
      )
  }
  if (
    rule.billing_countries &&
    cart.billing_country !== undefined &&
    !inCountries(cart.billing_country, rule.billing_countries)
  )
    return refused(
      "billing_country",
      `Card payments are available only for billing addresses in ${listed(rule.billing_countries)}.`
    )
  if (
    rule.shipping_countries &&
    cart.shipping_country !== undefined &&
    !inCountries(cart.shipping_country, rule.shipping_countries)
  )
    return refused(
      "shipping_country",
      `Card payments are available only for deliveries to ${listed(rule.shipping_countries)}.`
    )
  return undefined
}

function refused(rule: UnavailableRule, message: string): CartAvailability {
  return { available: false, rule, message }
}

function inCountries(
  code: string | null | undefined,
  allowed: readonly string[]
): boolean {
  return !!code && allowed.includes(code.trim().toLowerCase())
}

/** "5000.00" → "5,000.00": grouped by text, never through a float. */
function shown(amount: string): string {
  const [whole, fraction] = amount.split(".")
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}

function listed(codes: readonly string[]): string {
  const names = codes.map(countryName)
  if (names.length <= 1) return names.join("")
  return `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`
}
