/**
 * Checks a card form makes before sending anything, so a typo costs the
 * shopper no attempt: number length and Luhn digit, expiry in the future,
 * security code length. The acquirer still decides; these only catch typos.
 */
import type { CardDetails, SavedCardChoice } from "./card-outcome.js"
import { ENGLISH_CARD_CHECKS, type CardCheckMessages } from "./messages.js"
import type { SavedCard } from "./saved-cards.js"

export type CardField = "number" | "expiry" | "security_code"
export type CardProblems = Partial<Record<CardField, string>>

export function digitsOf(value: string): string {
  return value.replace(/\D/g, "")
}

/** The Luhn (mod 10) check digit of ISO/IEC 7812 card numbers. */
export function luhnValid(number: string): boolean {
  const digits = digitsOf(number)
  if (digits.length === 0) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** American Express numbers (34, 37) are 15 digits grouped 4-6-5 with a 4-digit code. */
export function cardBrand(number: string): "amex" | "other" {
  return /^3[47]/.test(digitsOf(number)) ? "amex" : "other"
}

/** Groups the digits as printed on the card: "4242 4242 4242 4242", "3782 822463 10005". */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, 19)
  const groups =
    cardBrand(digits) === "amex"
      ? [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)]
      : (digits.match(/.{1,4}/g) ?? [])
  return groups.filter((g) => g !== "").join(" ")
}

/** "1231" or "12/31" → "12 / 31" as the shopper types. */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4)
  return digits.length > 2
    ? `${digits.slice(0, 2)} / ${digits.slice(2)}`
    : digits
}

function securityCodeProblem(
  code: string,
  brand: "amex" | "other",
  messages: CardCheckMessages
): string | undefined {
  const length = brand === "amex" ? 4 : 3
  return new RegExp(`^\\d{${length}}$`).test(code)
    ? undefined
    : messages.securityCodeDigits(length)
}

/**
 * Checks the security code typed again for a saved card (4 digits for
 * American Express, else 3). An empty code passes only when `optional`,
 * for merchants who do not ask for it again; it is then left out.
 */
export function checkSavedCardCode(
  card: Pick<SavedCard, "id" | "brand" | "card_masked">,
  securityCode: string,
  options: { optional?: boolean; messages?: CardCheckMessages } = {}
): { problem?: string; choice?: SavedCardChoice } {
  const code = securityCode.trim()
  if (code === "" && options.optional)
    return { choice: { saved_card: { id: card.id } } }
  const brand =
    card.brand === "american-express" ? "amex" : cardBrand(card.card_masked)
  const problem = securityCodeProblem(
    code,
    brand,
    options.messages ?? ENGLISH_CARD_CHECKS
  )
  return problem
    ? { problem }
    : { choice: { saved_card: { id: card.id, security_code: code } } }
}

/**
 * Checks what the shopper typed (number, expiry "MM / YY" or "MM/YYYY",
 * code) and, when nothing is wrong, gives the card in the plugin's shape.
 * The problems are worded by `messages` (English by default).
 */
export function checkCard(
  input: { number: string; expiry: string; security_code: string },
  now: Date = new Date(),
  messages: CardCheckMessages = ENGLISH_CARD_CHECKS
): { problems: CardProblems; card?: CardDetails } {
  const problems: CardProblems = {}
  const number = digitsOf(input.number)
  if (number.length < 12 || number.length > 19) {
    problems.number = messages.numberIncomplete
  } else if (!luhnValid(number)) {
    problems.number = messages.numberInvalid
  }

  const [monthPart = "", yearPart = ""] = input.expiry.includes("/")
    ? input.expiry.split("/").map(digitsOf)
    : [digitsOf(input.expiry).slice(0, 2), digitsOf(input.expiry).slice(2)]
  let month = ""
  let year = ""
  if (!/^\d{1,2}$/.test(monthPart) || !/^(\d{2}|\d{4})$/.test(yearPart)) {
    problems.expiry = messages.expiryFormat
  } else {
    month = monthPart.padStart(2, "0")
    year = yearPart.length === 2 ? `20${yearPart}` : yearPart
    const m = Number(month)
    const y = Number(year)
    const thisYear = now.getFullYear()
    const thisMonth = now.getMonth() + 1
    if (m < 1 || m > 12) {
      problems.expiry = messages.expiryMonth
    } else if (y < thisYear || (y === thisYear && m < thisMonth)) {
      problems.expiry = messages.expired
    } else if (y > thisYear + 20) {
      problems.expiry = messages.expiryYear
    }
  }

  const code = input.security_code.trim()
  const codeProblem = securityCodeProblem(code, cardBrand(number), messages)
  if (codeProblem) problems.security_code = codeProblem

  if (Object.keys(problems).length > 0) return { problems }
  return {
    problems,
    card: {
      number,
      expiry_month: month,
      expiry_year: year,
      security_code: code,
    },
  }
}
