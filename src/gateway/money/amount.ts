import BigNumberJs from "bignumber.js"
import { InvalidInputError } from "../errors"
import { currencyDigits } from "./currency-digits"

/**
 * Exact decimal amounts. Every value becomes a bignumber.js decimal before any
 * arithmetic; a JS number is only ever read through its own shortest decimal
 * text, never added or multiplied as a float.
 */

// Own clone so the global bignumber.js configuration of the host app does not matter.
const Decimal = BigNumberJs.clone({
  EXPONENTIAL_AT: 1e9,
  ROUNDING_MODE: BigNumberJs.ROUND_HALF_UP,
})
export type Decimal = BigNumberJs

/** Medusa's BigNumber JSON (`{value: "500", precision: 20}`) and instances (`.raw`). */
export interface RawAmount {
  value: string | number
  precision?: number
}

export type AmountInput =
  | string
  | number
  | bigint
  | BigNumberJs
  | RawAmount
  | { raw: RawAmount }
  | { bigNumber: BigNumberJs }

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/

/** Converts any accepted amount representation to an exact decimal. */
export function toDecimal(value: AmountInput, field = "amount"): Decimal {
  const out = decimalOf(value, field)
  if (!out.isFinite())
    throw new InvalidInputError(field, "must be a finite decimal number")
  return out
}

function decimalOf(value: AmountInput, field: string): Decimal {
  if (typeof value === "string") {
    const text = value.trim()
    if (!PLAIN_DECIMAL.test(text)) {
      throw new InvalidInputError(
        field,
        "must be a plain decimal number such as 15.00"
      )
    }
    return new Decimal(text)
  }
  if (typeof value === "bigint") return new Decimal(value.toString())
  if (typeof value === "number") {
    if (!Number.isFinite(value))
      throw new InvalidInputError(field, "must be a finite decimal number")
    // String(n) is the shortest decimal that reads back as n: the value the caller meant.
    return new Decimal(String(value))
  }
  if (BigNumberJs.isBigNumber(value)) return new Decimal(value as BigNumberJs)
  if (value && typeof value === "object") {
    if ("raw" in value && value.raw && typeof value.raw === "object")
      return decimalOf(value.raw, field)
    if (
      "value" in value &&
      (typeof value.value === "string" || typeof value.value === "number")
    ) {
      // Raw values are produced by toPrecision and may carry an exponent.
      const parsed = new Decimal(value.value)
      if (parsed.isNaN())
        throw new InvalidInputError(field, "must be a decimal number")
      return parsed
    }
    if ("bigNumber" in value && BigNumberJs.isBigNumber(value.bigNumber))
      return new Decimal(value.bigNumber)
  }
  throw new InvalidInputError(
    field,
    "must be a decimal string, an integer or a BigNumber value"
  )
}

/** The amount with exactly the currency's minor digits; refuses values that would need rounding. */
export function formatAmount(
  value: AmountInput,
  currency: string,
  field = "amount"
): string {
  const digits = currencyDigits(currency)
  const decimal = toDecimal(value, field)
  const places = decimal.decimalPlaces() ?? 0
  if (places > digits) {
    throw new InvalidInputError(
      field,
      `has ${places} decimal places, ${currency.toUpperCase()} allows ${digits}`
    )
  }
  return normalizeZero(decimal.toFixed(digits))
}

/** Rounds once, half-up, to the currency's minor digits. Call it where rounding is the intent. */
export function roundAmount(
  value: AmountInput,
  currency: string,
  field = "amount"
): string {
  const digits = currencyDigits(currency)
  return normalizeZero(
    toDecimal(value, field).toFixed(digits, BigNumberJs.ROUND_HALF_UP)
  )
}

/**
 * Reads a wire amount strictly: non-negative, digits only, exactly the
 * currency's minor digits (`1500` JPY, `15.00` USD, `1.250` KWD).
 */
export function parseAmount(
  text: string,
  currency: string,
  field = "amount"
): Decimal {
  const digits = currencyDigits(currency)
  if (typeof text !== "string")
    throw new InvalidInputError(field, "must be a decimal string")
  const pattern =
    digits === 0
      ? /^(0|[1-9]\d*)$/
      : new RegExp(`^(0|[1-9]\\d*)\\.\\d{${digits}}$`)
  if (!pattern.test(text)) {
    const example = digits === 0 ? "1500" : `15.${"0".repeat(digits)}`
    throw new InvalidInputError(
      field,
      `must be a non-negative amount with exactly ${digits} decimal places for ${currency.toUpperCase()} (like ${example})`
    )
  }
  return new Decimal(text)
}

/** Exact sum, formatted with the currency's digits. */
export function sumAmounts(
  values: readonly AmountInput[],
  currency: string,
  field = "amount"
): string {
  let total = new Decimal(0)
  values.forEach((value, index) => {
    total = total.plus(toDecimal(value, `${field}[${index}]`))
  })
  return formatAmount(total, currency, field)
}

/** a − b, exact, formatted with the currency's digits. */
export function subtractAmounts(
  a: AmountInput,
  b: AmountInput,
  currency: string,
  field = "amount"
): string {
  return formatAmount(
    toDecimal(a, field).minus(toDecimal(b, field)),
    currency,
    field
  )
}

/** −1, 0 or 1 as a is less than, equal to or greater than b (exactly). */
export function compareAmounts(a: AmountInput, b: AmountInput): -1 | 0 | 1 {
  const result = toDecimal(a).comparedTo(toDecimal(b)) ?? 0
  return result < 0 ? -1 : result > 0 ? 1 : 0
}

export const BREAKDOWN_ADDED = [
  "item_total",
  "shipping",
  "handling",
  "tax_total",
  "insurance",
] as const
export const BREAKDOWN_SUBTRACTED = ["shipping_discount", "discount"] as const
export type BreakdownField =
  (typeof BREAKDOWN_ADDED)[number] | (typeof BREAKDOWN_SUBTRACTED)[number]
export type Breakdown = Partial<Record<BreakdownField, AmountInput | null>>

/** item_total + shipping + handling + tax_total + insurance − shipping_discount − discount; absent parts count 0. */
export function breakdownTotal(breakdown: Breakdown, currency: string): string {
  let total = new Decimal(0)
  for (const name of BREAKDOWN_ADDED) total = total.plus(part(breakdown, name))
  for (const name of BREAKDOWN_SUBTRACTED)
    total = total.minus(part(breakdown, name))
  return formatAmount(total, currency, "amount")
}

function part(breakdown: Breakdown, name: BreakdownField): Decimal {
  const value = breakdown[name]
  if (value === undefined || value === null || value === "")
    return new Decimal(0)
  return toDecimal(value, name)
}

export interface OrderAmounts extends Breakdown {
  amount: string
  currency: string
}

/**
 * Checks the wire amounts of an order: every amount has exactly the currency's
 * digits and, when any breakdown part is sent, the parts add up to `amount`.
 */
export function assertBreakdownMatches(order: OrderAmounts): void {
  const amount = parseAmount(order.amount, order.currency, "amount")
  let sent = false
  for (const name of [...BREAKDOWN_ADDED, ...BREAKDOWN_SUBTRACTED]) {
    const value = order[name]
    if (value === undefined || value === null || value === "") continue
    sent = true
    parseAmount(
      typeof value === "string"
        ? value
        : formatAmount(value, order.currency, name),
      order.currency,
      name
    )
  }
  if (!sent) return
  const total = breakdownTotal(order, order.currency)
  if (!amount.isEqualTo(total)) {
    throw new InvalidInputError(
      "amount",
      `${order.amount} does not equal the breakdown item_total + shipping + handling + tax_total + insurance - shipping_discount - discount = ${total}`
    )
  }
}

function normalizeZero(text: string): string {
  // bignumber.js writes negative zero as "-0.00"; an amount of zero has no sign.
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text
}
