import { InvalidInputError } from "../errors"

/**
 * ISO 4217 minor-unit digits of the active currency codes. Codes whose minor
 * unit is "N.A." (metals, SDR, test codes) are left out: nobody pays with them.
 */

const ZERO_DIGITS = [
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "ISK",
  "JPY",
  "KMF",
  "KRW",
  "PYG",
  "RWF",
  "UGX",
  "UYI",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]

const THREE_DIGITS = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]

const FOUR_DIGITS = ["CLF", "UYW"]

const TWO_DIGITS = [
  "AED",
  "AFN",
  "ALL",
  "AMD",
  "ANG",
  "AOA",
  "ARS",
  "AUD",
  "AWG",
  "AZN",
  "BAM",
  "BBD",
  "BDT",
  "BGN",
  "BMD",
  "BND",
  "BOB",
  "BOV",
  "BRL",
  "BSD",
  "BTN",
  "BWP",
  "BYN",
  "BZD",
  "CAD",
  "CDF",
  "CHE",
  "CHF",
  "CHW",
  "CNY",
  "COP",
  "COU",
  "CRC",
  "CUC",
  "CUP",
  "CVE",
  "CZK",
  "DKK",
  "DOP",
  "DZD",
  "EGP",
  "ERN",
  "ETB",
  "EUR",
  "FJD",
  "FKP",
  "GBP",
  "GEL",
  "GHS",
  "GIP",
  "GMD",
  "GTQ",
  "GYD",
  "HKD",
  "HNL",
  "HTG",
  "HUF",
  "IDR",
  "ILS",
  "INR",
  "IRR",
  "JMD",
  "KES",
  "KGS",
  "KHR",
  "KPW",
  "KYD",
  "KZT",
  "LAK",
  "LBP",
  "LKR",
  "LRD",
  "LSL",
  "MAD",
  "MDL",
  "MGA",
  "MKD",
  "MMK",
  "MNT",
  "MOP",
  "MRU",
  "MUR",
  "MVR",
  "MWK",
  "MXN",
  "MXV",
  "MYR",
  "MZN",
  "NAD",
  "NGN",
  "NIO",
  "NOK",
  "NPR",
  "NZD",
  "PAB",
  "PEN",
  "PGK",
  "PHP",
  "PKR",
  "PLN",
  "QAR",
  "RON",
  "RSD",
  "RUB",
  "SAR",
  "SBD",
  "SCR",
  "SDG",
  "SEK",
  "SGD",
  "SHP",
  "SLE",
  "SLL",
  "SOS",
  "SRD",
  "SSP",
  "STN",
  "SVC",
  "SYP",
  "SZL",
  "THB",
  "TJS",
  "TMT",
  "TOP",
  "TRY",
  "TTD",
  "TWD",
  "TZS",
  "UAH",
  "USD",
  "USN",
  "UYU",
  "UZS",
  "VED",
  "VES",
  "WST",
  "XCD",
  "XCG",
  "YER",
  "ZAR",
  "ZMW",
  "ZWG",
  "ZWL",
]

function table(): ReadonlyMap<string, number> {
  const map = new Map<string, number>()
  for (const code of ZERO_DIGITS) map.set(code, 0)
  for (const code of TWO_DIGITS) map.set(code, 2)
  for (const code of THREE_DIGITS) map.set(code, 3)
  for (const code of FOUR_DIGITS) map.set(code, 4)
  return map
}

export const CURRENCY_DIGITS: ReadonlyMap<string, number> = table()

/** Minor digits of a currency code (case-insensitive); unknown codes are refused, naming the field. */
export function currencyDigits(currency: string, field = "currency"): number {
  if (typeof currency !== "string" || !/^[A-Za-z]{3}$/.test(currency)) {
    throw new InvalidInputError(
      field,
      "must be a three-letter ISO 4217 currency code"
    )
  }
  const digits = CURRENCY_DIGITS.get(currency.toUpperCase())
  if (digits === undefined) {
    throw new InvalidInputError(
      field,
      `unknown ISO 4217 currency code "${currency.toUpperCase()}"`
    )
  }
  return digits
}

export function isKnownCurrency(currency: string): boolean {
  return (
    typeof currency === "string" && CURRENCY_DIGITS.has(currency.toUpperCase())
  )
}
