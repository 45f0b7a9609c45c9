/**
 * Every text the kit shows a shopper, in one object a storefront can
 * replace whole (another language) or in part (the store's own wording).
 * The texts themselves ship apart from the core, so a shop loads only its
 * language: `ENGLISH_MESSAGES` (the components' default, also at
 * `…/storefront/messages/en`) and `GERMAN_MESSAGES` (`…/messages/de`).
 */
import type { SavedCard } from "./saved-cards.js"

/** The problems `checkCard` and `checkSavedCardCode` find before anything is sent. */
export type CardCheckMessages = {
  numberIncomplete: string
  numberInvalid: string
  expiryFormat: string
  expiryMonth: string
  expired: string
  expiryYear: string
  securityCodeDigits: (digits: number) => string
}

/** The checks' problems in English: what `checkCard` says unless given other messages. */
export const ENGLISH_CARD_CHECKS: CardCheckMessages = {
  numberIncomplete: "Enter the full card number",
  numberInvalid: "This card number is not valid; check the digits",
  expiryFormat: "Enter the expiry date as MM / YY",
  expiryMonth: "The expiry month must be 01 to 12",
  expired: "This card has expired",
  expiryYear: "Check the expiry year",
  securityCodeDigits: (digits) => `Enter the ${digits}-digit security code`,
}

export type AcquiringMessages = CardCheckMessages & {
  cardNumber: string
  expiry: string
  securityCode: string
  /** The submit button; `amount` is the cart's total, formatted, when known. */
  pay: (amount?: string) => string
  processing: string

  /** Said when the form found problems: how many, and that focus is on the first. */
  fieldsToCheck: (count: number) => string

  /**
   * A refused payment, by the acquirer's code (`E0008`…, "" when none): a
   * sentence for the shopper. The code itself stays on the outcome.
   */
  declined: (code: string) => string
  /** Added to a refusal: the security code was emptied and must be typed again. */
  securityCodeAgain: string
  beingConfirmed: string
  notSent: string
  /** Anything else that went wrong. */
  failed: string
  rateLimited: (retryAfterSeconds: number) => string

  savedCardsLegend: string
  /** One saved card's choice, e.g. "Visa •••• 4242". */
  savedCard: (card: SavedCard) => string
  newCard: string
  saveCard: string
  /** After the acquirer no longer knew the chosen saved card (E0011). */
  savedCardGone: string

  hostedPay: string
  hostedOpening: string
  hostedNotOpened: string
  /** Another tab opened the payment page moments ago. */
  hostedOpenElsewhere: (retryAfterSeconds: number) => string

  /** The legend of the payment method list. */
  paymentMethodsLegend: string
  /**
   * A short hint under a payment method the kit knows (`CARD`, `WALLET`,
   * `BANK_TRANSFER`); "" for any other code, which shows its name only.
   */
  paymentMethodHint: (code: string) => string
  /**
   * The kit's name for a method it knows, for a page that has only the
   * code (a session's or a payment's `data.payment_method`); "" for any
   * other code. The list itself shows the acquirer's `display_name`.
   */
  paymentMethodName: (code: string) => string

  /** The return page, after the hosted page or a 3-D Secure challenge. */
  returnChecking: string
  returnAccepted: string
  returnPending: string
  returnFailed: string
  returnCanceled: string
  /**
   * A bank transfer was sent: the order is placed, its money awaited (not
   * paid, not failed). `order` is the order's number for the shopper, when
   * known (e.g. "#1042").
   */
  returnAwaitingTransfer: (order?: string, transfer?: TransferText) => string
  /** The awaited transfer's money arrived: the order is paid. */
  returnTransferReceived: string
  /**
   * The transfer's money never came: its order (when made) is cancelled,
   * nothing was charged. `until` is when the acquirer gave up, formatted.
   */
  returnTransferLapsed: (order?: string, until?: string) => string
  /** The transfer's order was cancelled while its money was awaited. */
  returnTransferVoided: (order?: string) => string
}

/**
 * What to send and by when, formatted for the shopper: `amount` with its
 * currency (e.g. "105.00 USD"), `until` the date and time the acquirer
 * gives up on the transfer.
 */
export type TransferText = { amount: string; until: string }
