/** The kit's shopper texts in English: the components' default. */
import { ENGLISH_CARD_CHECKS, type AcquiringMessages } from "./messages.js"
import { brandName } from "./saved-cards.js"

export const ENGLISH_MESSAGES: AcquiringMessages = {
  cardNumber: "Card number",
  expiry: "Expiry date (MM / YY)",
  securityCode: "Security code",
  pay: (amount) => (amount ? `Pay ${amount}` : "Pay"),
  processing: "Processing…",

  ...ENGLISH_CARD_CHECKS,
  fieldsToCheck: (count) =>
    count === 1
      ? "Check the field marked below."
      : `Check the ${count} fields marked below.`,

  declined: (code) => {
    switch (code) {
      case "E0008":
        return "Your card was declined. Try another card, or ask your bank why."
      case "E0009":
        return "This payment could not be accepted. Try another card."
      case "E0010":
        return "Your bank could not confirm the payment. Try again or use another card."
      case "E0001":
        return "The card details were not accepted. Check them and try again."
      default:
        return "The payment did not go through. Try again or use another card."
    }
  },
  securityCodeAgain: "Enter the security code again to retry.",
  beingConfirmed: "Your payment is being confirmed. Please do not pay again.",
  notSent:
    "The payment could not be sent. Check your connection and try again.",
  failed: "Something went wrong on our side. Please try again in a moment.",
  rateLimited: (seconds) =>
    `Too many attempts. Try again in ${Math.ceil(seconds)} seconds.`,

  savedCardsLegend: "Pay with",
  savedCard: (card) => `${brandName(card.brand)} •••• ${card.last4}`,
  newCard: "Use a new card",
  saveCard: "Save this card for next time",
  savedCardGone:
    "This saved card can no longer be used. Enter the card's details to pay.",

  hostedPay: "Continue to payment",
  hostedOpening: "Opening the payment page…",
  hostedNotOpened:
    "The payment page could not be opened. Check your connection and try again.",

  hostedOpenElsewhere: (seconds) =>
    `The payment page is open in another tab. Pay there, or try again here in ${Math.ceil(seconds)} seconds.`,

  paymentMethodsLegend: "Payment method",
  paymentMethodHint: (code) => {
    switch (code) {
      case "CARD":
        return "Pay now by card; your order is confirmed at once."
      case "WALLET":
        return "Pay with your digital wallet on the secure payment page."
      case "BANK_TRANSFER":
        return "Send the amount from your bank. Your order is confirmed once the money arrives."
      default:
        return ""
    }
  },

  paymentMethodName: (code) => {
    switch (code) {
      case "CARD":
        return "Credit or debit card"
      case "WALLET":
        return "Digital wallet"
      case "BANK_TRANSFER":
        return "Bank transfer"
      default:
        return ""
    }
  },

  returnChecking: "Checking your payment…",
  returnAccepted: "Payment accepted. Placing your order…",
  returnPending:
    "Your payment is still being confirmed. We will email you when it is; please do not pay again.",
  returnFailed:
    "The payment did not go through. Your cart is kept; you can try again.",
  returnCanceled:
    "You left the payment page without paying. Your cart is kept.",
  returnAwaitingTransfer: (order, transfer) =>
    `${order ? `Order ${order} is placed` : "Your order is placed"}. ${
      transfer
        ? `Send ${transfer.amount} by bank transfer, with the reference the payment page gave you, by ${transfer.until}. We confirm the order once the money arrives`
        : "We are waiting for your bank transfer and confirm the order once the money arrives"
    }; please do not pay again.`,
  returnTransferReceived: "Your bank transfer has arrived: the order is paid.",
  returnTransferLapsed: (order, until) =>
    order
      ? `The bank transfer for order ${order} did not arrive${until ? ` by ${until}` : " in time"}, so the order is cancelled. Nothing was charged; please do not send the money now.`
      : `Your bank transfer did not arrive${until ? ` by ${until}` : " in time"}. Nothing was charged; your cart is kept and you can pay again.`,
  returnTransferVoided: (order) =>
    `${order ? `Order ${order}` : "Your order"} is cancelled, and its bank transfer with it. Please do not send the money; anything already sent is returned to you.`,
}

/** `base` (English by default) with `overrides` on top; a key given as undefined keeps the base's. */
export function acquiringMessages(
  overrides: Partial<AcquiringMessages> = {},
  base: AcquiringMessages = ENGLISH_MESSAGES
): AcquiringMessages {
  const given = Object.entries(overrides).filter(([, v]) => v !== undefined)
  return { ...base, ...Object.fromEntries(given) }
}
