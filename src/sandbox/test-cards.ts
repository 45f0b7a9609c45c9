/**
 * Test cards of the wire contract: the card number decides the outcome of an
 * authorisation. The table can be replaced through the sandbox options.
 */

import { maskCardNumber } from "../gateway/redact"
import type { CardToStore } from "./stored-cards"

export type CardOutcome =
  "approve" | "decline" | "challenge" | "review" | "risk_reject"

export interface TestCard {
  number: string
  outcome: CardOutcome
  description: string
  /** a decline's text after the code, instead of the generic one (what an issuer may write) */
  result_text?: string
}

export const DEFAULT_TEST_CARDS: readonly TestCard[] = Object.freeze([
  {
    number: "4242424242424242",
    outcome: "approve",
    description: "approved (order_status 1)",
  },
  {
    number: "4000000000009995",
    outcome: "decline",
    description: "declined by issuer (order_status 0, E0008)",
  },
  {
    number: "4000002500003155",
    outcome: "challenge",
    description: "3-D Secure challenge (order_status -1, issuer_url)",
  },
  {
    number: "4000000000000259",
    outcome: "review",
    description: "held for review (order_status -2, risk_action REVIEW)",
  },
  {
    number: "4100000000000019",
    outcome: "risk_reject",
    description: "rejected by risk screening (order_status 0, E0009)",
  },
])

export interface CardInput {
  card?: unknown
  expiration_month?: unknown
  expiration_year?: unknown
  security_code?: unknown
}

/** A field that cannot be used at all (E0001), named without echoing its value. */
export interface CardFieldProblem {
  field: "card" | "expiration_month" | "expiration_year" | "security_code"
  reason: string
}

export type CardDecision =
  | { kind: "invalid"; problem: CardFieldProblem }
  | {
      kind: "outcome"
      outcome: CardOutcome
      reason?: string
      masked: string
      /** the card as it would be stored (token_flag YES); in memory only */
      card: CardToStore
    }

export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return digits.length > 0 && sum % 10 === 0
}

function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number"
    ? String(value).trim()
    : ""
}

/** Applies the contract's rules in order: shape, expiry, security code, then the card table. */
export function decideCard(
  input: CardInput,
  cards: readonly TestCard[],
  now: Date
): CardDecision {
  const card = text(input.card).replace(/[\s-]/g, "")
  if (!/^\d{12,19}$/.test(card)) {
    return invalid("card", "must be 12 to 19 digits")
  }
  if (!luhnValid(card)) return invalid("card", "fails the Luhn check")
  const monthText = text(input.expiration_month)
  if (
    !/^\d{1,2}$/.test(monthText) ||
    Number(monthText) < 1 ||
    Number(monthText) > 12
  ) {
    return invalid("expiration_month", "must be a month from 1 to 12")
  }
  const yearText = text(input.expiration_year)
  if (!/^(\d{2}|\d{4})$/.test(yearText))
    return invalid("expiration_year", "must be two or four digits")
  const cvc = text(input.security_code)
  if (!/^\d{3,4}$/.test(cvc))
    return invalid("security_code", "must be 3 or 4 digits")

  const year =
    yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText)
  return judge(
    {
      number: card,
      expiration_month: monthText.padStart(2, "0"),
      expiration_year: String(year),
    },
    cvc,
    cards,
    now
  )
}

/**
 * A stored card decides as the same card typed: its kept expiry, and the
 * security code typed again. An empty security code is a payment the
 * shopper does not attend (merchant-initiated): there is none to check.
 */
export function decideStoredCard(
  stored: CardToStore,
  securityCode: unknown,
  cards: readonly TestCard[],
  now: Date
): CardDecision {
  const cvc = text(securityCode)
  if (cvc !== "" && !/^\d{3,4}$/.test(cvc))
    return invalid("security_code", "must be 3 or 4 digits, or empty")
  return judge(stored, cvc === "" ? undefined : cvc, cards, now)
}

/** Expiry, security code (when there is one), then the card table. */
function judge(
  card: CardToStore,
  cvc: string | undefined,
  cards: readonly TestCard[],
  now: Date
): CardDecision {
  const masked = maskCardNumber(card.number)
  const decided = (outcome: CardOutcome, reason?: string): CardDecision => ({
    kind: "outcome",
    outcome,
    reason,
    masked,
    card,
  })
  const year = Number(card.expiration_year)
  const month = Number(card.expiration_month)
  const nowYear = now.getUTCFullYear()
  const nowMonth = now.getUTCMonth() + 1
  if (year < nowYear || (year === nowYear && month < nowMonth))
    return decided("decline", "Card expired")
  if (cvc === "000") return decided("decline", "Security code check failed")
  const listed = cards.find((entry) => entry.number === card.number)
  return decided(listed?.outcome ?? "approve", listed?.result_text)
}

function invalid(
  field: CardFieldProblem["field"],
  reason: string
): CardDecision {
  return { kind: "invalid", problem: { field, reason } }
}
