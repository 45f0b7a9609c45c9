/** Test cards of the wire contract (shared/spec/wire-contract.md), written out here on purpose. */
export const CARDS = {
  approved: "4242424242424242",
  declined: "4000000000009995",
  challenge: "4000002500003155",
  review: "4000000000000259",
  riskRejected: "4100000000000019",
  /** declined with a text naming another card (the test sandbox's table, helpers/sandbox.ts) */
  declinedNamingACard: "4000000000000127",
} as const

/** What the issuer writes when it declines CARDS.declinedNamingACard: a card number in the text. */
export const DECLINE_TEXT_WITH_CARD =
  "Declined: card 371449635398431 reported stolen"

/** A security code no id or amount of these tests contains as a whole value. */
export const SECURITY_CODE = "918"
export const EXPIRY = { month: "12", year: "2031" } as const

export function cardBody(number: string) {
  return {
    card: {
      number,
      expiry_month: EXPIRY.month,
      expiry_year: EXPIRY.year,
      security_code: SECURITY_CODE,
    },
    holder: { first_name: "Ada", last_name: "Shopper" },
  }
}

/** Everything the card-data scan looks for after each test. */
export const CARD_SECRETS = {
  cardNumbers: Object.values(CARDS),
  securityCodes: [SECURITY_CODE],
  expiry: EXPIRY,
}
