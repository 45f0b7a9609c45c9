import creditCardType from "credit-card-type"

/**
 * The brand of a card from the leading digits its masked number keeps
 * (first six): visa, mastercard, american-express, … null when the digits
 * fit no brand or more than one.
 */
export function cardBrand(masked: string): string | null {
  const leading = /^\d+/.exec(masked)?.[0]
  if (!leading) return null
  const matches = creditCardType(leading)
  return matches.length === 1 ? matches[0].type : null
}
