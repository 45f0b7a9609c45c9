/**
 * Log-safe copies of messages. Card numbers are shown as first 6 / last 4,
 * security codes, expiry dates and the sign_key are dropped, a stored
 * card's token keeps only its last four characters, and digit runs
 * that look like a card number are masked wherever they hide in text.
 * A payout's beneficiary and payer (bank details, names, personal ids) are
 * personal data and are left out whole. maskCardNumbersInText is the
 * milder mask of free text the plugin stores (Luhn-checked runs only).
 */

// Keys are compared without case, `_` or `-`: security_code, securityCode and Security-Code are one key.
const REMOVED_KEYS = new Set([
  "securitycode",
  "cvv",
  "cvc",
  "cvv2",
  "cvn",
  "cardcvv",
  "cardcvc",
  "signkey",
])

/** Objects of personal data (payouts): replaced whole, never logged. */
const PERSONAL_DATA_KEYS = new Set(["beneficiary", "payer"])

/** Keys that hold a card number wherever they appear. */
const CARD_NUMBER_KEYS = new Set(["card", "cardnumber", "cardno", "pan"])

/** Keys of a stored card's token: not card data, but it pays with the card, so logs keep only its end. */
const TOKEN_KEYS = new Set(["tokenid"])

/** Objects whose `number` field is a card number. */
const CARD_OBJECT_KEYS = new Set(["card", "carddetails", "paymentcard"])

// wire bodies repeat a small set of keys: normalise each once (bounded, as keys come from input)
const normalKeys = new Map<string, string>()

function normalKey(key: string): string {
  let normal = normalKeys.get(key)
  if (normal === undefined) {
    normal = key.toLowerCase().replace(/[_-]/g, "")
    if (normalKeys.size < 2000) normalKeys.set(key, normal)
  }
  return normal
}

function isRemovedKey(key: string): boolean {
  const normal = normalKey(key)
  return (
    REMOVED_KEYS.has(normal) ||
    normal.startsWith("expiry") ||
    normal.startsWith("expiration")
  )
}

/** A stored card's token as logs show it: its last four characters. */
export function maskToken(token: string): string {
  const text = String(token ?? "")
  return text.length > 8 ? `****${text.slice(-4)}` : "*".repeat(text.length)
}

/** First 6 and last 4 digits with asterisks between; anything too short to keep digits is fully masked. */
export function maskCardNumber(pan: string): string {
  const text = String(pan ?? "")
  const digits = text.replace(/[\s-]/g, "")
  if (/^\d+$/.test(digits)) {
    if (digits.length < 13) return "*".repeat(digits.length)
    return `${digits.slice(0, 6)}${"*".repeat(digits.length - 10)}${digits.slice(-4)}`
  }
  // already masked by the service, e.g. 424242******4242
  if (/^\d{0,6}\*+\d{0,4}$/.test(digits)) return digits
  return "*".repeat(text.length)
}

// 13–19 digits, optionally grouped by single spaces or hyphens, not part of a longer number
const PAN_RUN = /(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])/g
// key=value or "key":"value" pairs of secret fields inside text (form bodies, JSON text)
const SECRET_PAIR =
  /("?)(security_?code|cvv2?|cvc|cvn|expiration_?month|expiration_?year|expiry_?[a-z_]+|sign_?key)\1(\s*[:=]\s*)("[^"]*"|[^&\s,;}"]*)/gi

/** Masks card-number-like digit runs and secret key=value pairs inside free text. */
export function scrubText(text: string): string {
  // most values (names, amounts, ids) can hold neither: skip both regexes
  const mayHavePair = text.includes("=") || text.includes(":")
  if (!mayHavePair && !hasDigits(text, 13)) return text
  return text
    .replace(
      SECRET_PAIR,
      (_m, quote: string, name: string, sep: string) =>
        `${quote}${name}${quote}${sep}"[redacted]"`
    )
    .replace(PAN_RUN, (run) => maskCardNumber(run))
}

/** Whether a string of digits passes the Luhn check, as every card number does. */
export function passesLuhn(number: string): boolean {
  let sum = 0
  let double = false
  for (let index = number.length - 1; index >= 0; index--) {
    let digit = number.charCodeAt(index) - 48
    if (double) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
    double = !double
  }
  return sum % 10 === 0
}

// groups of digits joined by single spaces or hyphens: a card number is one or more whole groups of one run
const DIGIT_RUN = /\d+(?:[ -]\d+)*/g

/**
 * Free text as it may be stored: every card number in it (13–19 digits
 * passing Luhn, whole groups of a run of digits joined by single spaces or
 * hyphens) becomes first 6 / last 4, e.g. `411111******1111`. Unlike
 * scrubText (logs), a run that fails Luhn stays as typed, so phone
 * numbers, postcodes and ids are kept exactly.
 */
export function maskCardNumbersInText(text: string): string {
  if (!hasDigits(text, 13)) return text
  return text.replace(DIGIT_RUN, maskCardsInRun)
}

function maskCardsInRun(run: string): string {
  const groups = run.split(/[ -]/)
  const separators = run.match(/[ -]/g) ?? []
  let out = ""
  for (let start = 0; start < groups.length;) {
    const end = cardEnd(groups, start)
    out +=
      end < 0
        ? groups[start]
        : maskCardNumber(groups.slice(start, end + 1).join(""))
    const last = Math.max(end, start)
    out += separators[last] ?? ""
    start = last + 1
  }
  return out
}

/** The last group of the longest card number that begins with group `start`; -1 when none does. */
function cardEnd(groups: string[], start: number): number {
  let digits = ""
  let end = -1
  for (let index = start; index < groups.length; index++) {
    digits += groups[index]
    if (digits.length > 19) break
    if (digits.length >= 13 && passesLuhn(digits)) end = index
  }
  return end
}

/** Whether the text holds at least `count` digits (a card number needs 13). */
function hasDigits(text: string, count: number): boolean {
  if (text.length < count) return false
  let found = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 48 && code <= 57 && ++found >= count) return true
  }
  return false
}

/** Deep, log-safe copy of any value. The input is never modified. */
export function redact<T>(value: T): unknown {
  return copy(value, undefined, new WeakSet())
}

function copy(
  value: unknown,
  parentKey: string | undefined,
  seen: WeakSet<object>
): unknown {
  if (typeof value === "string") return scrubText(value)
  // a card number held as a number is still a card number
  if (typeof value === "number" || typeof value === "bigint") {
    const text = typeof value === "bigint" ? value.toString() : String(value)
    const scrubbed = scrubText(text)
    return scrubbed === text
      ? typeof value === "bigint"
        ? text
        : value
      : scrubbed
  }
  if (value === null || typeof value !== "object") return value
  if (seen.has(value)) return "[Circular]"
  seen.add(value)
  try {
    if (Array.isArray(value))
      return value.map((item) => copy(item, parentKey, seen))
    if (value instanceof Date) return value.toISOString()
    const out: Record<string, unknown> = {}
    if (value instanceof Error) {
      out.name = value.name
      out.message = scrubText(value.message)
    }
    const insideCard =
      parentKey !== undefined && CARD_OBJECT_KEYS.has(normalKey(parentKey))
    for (const [key, child] of Object.entries(value)) {
      if (isRemovedKey(key)) continue
      const normal = normalKey(key)
      if (PERSONAL_DATA_KEYS.has(normal) && child !== null) {
        out[key] = "[personal data]"
        continue
      }
      if (TOKEN_KEYS.has(normal) && typeof child === "string") {
        out[key] = maskToken(child)
        continue
      }
      const isCardNumber =
        CARD_NUMBER_KEYS.has(normal) || (insideCard && normal === "number")
      if (
        isCardNumber &&
        (typeof child === "string" ||
          typeof child === "number" ||
          typeof child === "bigint")
      ) {
        out[key] = maskCardNumber(String(child))
        continue
      }
      out[key] = copy(child, key, seen)
    }
    return out
  } finally {
    seen.delete(value)
  }
}
