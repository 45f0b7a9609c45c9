/**
 * Test cards of the wire contract: the card number decides the outcome of an
 * authorisation. The table can be replaced through the sandbox options.
 */

import { maskCardNumber } from "../gateway/redact"

export type CardOutcome =
  "approve" | "decline" | "challenge" | "review" | "risk_reject"

export interface TestCard {
  number: string
  outcome: CardOutcome
  description: string
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
  | { kind: "outcome"; outcome: CardOutcome; reason?: string; masked: string }

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

  const masked = maskCardNumber(card)
  const year =
    yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText)
  const month = Number(monthText)
  const nowYear = now.getUTCFullYear()
  const nowMonth = now.getUTCMonth() + 1
  if (year < nowYear || (year === nowYear && month < nowMonth)) {
    return {
      kind: "outcome",
      outcome: "decline",
      reason: "Card expired",
      masked,
    }
  }
  if (cvc === "000") {
    return {
      kind: "outcome",
      outcome: "decline",
      reason: "Security code check failed",
      masked,
    }
  }
  const listed = cards.find((entry) => entry.number === card)
  return { kind: "outcome", outcome: listed?.outcome ?? "approve", masked }
}

function invalid(
  field: CardFieldProblem["field"],
  reason: string
): CardDecision {
  return { kind: "invalid", problem: { field, reason } }
}
