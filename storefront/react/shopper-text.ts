/**
 * Texts the components show the shopper, in one place so they read alike.
 * `CardForm` takes any of them in its `text` prop (another language, the
 * store's own wording); the rest stay as below.
 */
import { brandName, type SavedCard } from "../saved-cards.js"

export type ShopperText = {
  cardNumber: string
  expiry: string
  securityCode: string
  /** The submit button; `amount` is the cart's total, formatted, when known. */
  pay: (amount?: string) => string
  processing: string
  beingConfirmed: string
  notSent: string
  rateLimited: (retryAfterSeconds: number) => string
  /** The legend of the saved cards' radio group. */
  savedCardsLegend: string
  /** One saved card's choice, e.g. "Visa •••• 4242". */
  savedCard: (card: SavedCard) => string
  newCard: string
  saveCard: string
  /** After the acquirer no longer knew the chosen saved card (E0011). */
  savedCardGone: string
}

export function rateLimitText(retryAfterSeconds: number): string {
  return `Too many attempts. Try again in ${Math.ceil(retryAfterSeconds)} seconds.`
}

export const DEFAULT_SHOPPER_TEXT: ShopperText = {
  cardNumber: "Card number",
  expiry: "Expiry date (MM / YY)",
  securityCode: "Security code",
  pay: (amount) => (amount ? `Pay ${amount}` : "Pay"),
  processing: "Processing…",
  beingConfirmed: "Your payment is being confirmed. Please do not pay again.",
  notSent:
    "The payment could not be sent. Check your connection and try again.",
  rateLimited: rateLimitText,
  savedCardsLegend: "Pay with",
  savedCard: (card) => `${brandName(card.brand)} •••• ${card.last4}`,
  newCard: "Use a new card",
  saveCard: "Save this card for next time",
  savedCardGone:
    "This saved card can no longer be used. Enter the card's details to pay.",
}

/** The defaults with `overrides` on top; a key given as undefined keeps its default. */
export function shopperText(overrides: Partial<ShopperText> = {}): ShopperText {
  const given = Object.entries(overrides).filter(([, v]) => v !== undefined)
  return { ...DEFAULT_SHOPPER_TEXT, ...Object.fromEntries(given) }
}
