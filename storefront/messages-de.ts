/** The kit's shopper texts in German: `messages={GERMAN_MESSAGES}`, or the base of a store's own. */
import type { AcquiringMessages } from "./messages.js"
import { brandName } from "./saved-cards.js"

export const GERMAN_MESSAGES: AcquiringMessages = {
  cardNumber: "Kartennummer",
  expiry: "Gültig bis (MM / JJ)",
  securityCode: "Prüfnummer",
  pay: (amount) => (amount ? `${amount} bezahlen` : "Bezahlen"),
  processing: "Wird bearbeitet…",

  numberIncomplete: "Geben Sie die vollständige Kartennummer ein",
  numberInvalid: "Diese Kartennummer ist ungültig; prüfen Sie die Ziffern",
  expiryFormat: "Geben Sie das Ablaufdatum als MM / JJ ein",
  expiryMonth: "Der Monat muss zwischen 01 und 12 liegen",
  expired: "Diese Karte ist abgelaufen",
  expiryYear: "Prüfen Sie das Ablaufjahr",
  securityCodeDigits: (digits) =>
    `Geben Sie die ${digits}-stellige Prüfnummer ein`,
  fieldsToCheck: (count) =>
    count === 1
      ? "Bitte prüfen Sie das markierte Feld."
      : `Bitte prüfen Sie die ${count} markierten Felder.`,

  declined: (code) => {
    switch (code) {
      case "E0008":
        return "Ihre Karte wurde abgelehnt. Versuchen Sie eine andere Karte oder fragen Sie Ihre Bank."
      case "E0009":
        return "Diese Zahlung konnte nicht angenommen werden. Versuchen Sie eine andere Karte."
      case "E0010":
        return "Ihre Bank konnte die Zahlung nicht bestätigen. Versuchen Sie es erneut oder nutzen Sie eine andere Karte."
      case "E0001":
        return "Die Kartendaten wurden nicht angenommen. Prüfen Sie sie und versuchen Sie es erneut."
      default:
        return "Die Zahlung ist nicht durchgegangen. Versuchen Sie es erneut oder nutzen Sie eine andere Karte."
    }
  },
  securityCodeAgain:
    "Geben Sie die Prüfnummer erneut ein, um es noch einmal zu versuchen.",
  beingConfirmed:
    "Ihre Zahlung wird bestätigt. Bitte zahlen Sie nicht noch einmal.",
  notSent:
    "Die Zahlung konnte nicht gesendet werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  failed:
    "Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es gleich noch einmal.",
  rateLimited: (seconds) =>
    `Zu viele Versuche. Versuchen Sie es in ${Math.ceil(seconds)} Sekunden erneut.`,

  savedCardsLegend: "Bezahlen mit",
  savedCard: (card) => `${brandName(card.brand)} •••• ${card.last4}`,
  newCard: "Neue Karte verwenden",
  saveCard: "Karte für das nächste Mal speichern",
  savedCardGone:
    "Diese gespeicherte Karte kann nicht mehr verwendet werden. Geben Sie die Kartendaten ein.",

  hostedPay: "Weiter zur Zahlung",
  hostedOpening: "Die Zahlungsseite wird geöffnet…",
  hostedNotOpened:
    "Die Zahlungsseite konnte nicht geöffnet werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",

  hostedOpenElsewhere: (seconds) =>
    `Die Zahlungsseite ist in einem anderen Tab geöffnet. Zahlen Sie dort oder versuchen Sie es hier in ${Math.ceil(seconds)} Sekunden erneut.`,

  paymentMethodsLegend: "Zahlungsart",
  paymentMethodHint: (code) => {
    switch (code) {
      case "CARD":
        return "Sofort mit Karte bezahlen; Ihre Bestellung ist gleich bestätigt."
      case "WALLET":
        return "Mit Ihrer digitalen Wallet auf der sicheren Zahlungsseite bezahlen."
      case "BANK_TRANSFER":
        return "Überweisen Sie den Betrag von Ihrer Bank. Ihre Bestellung wird bestätigt, sobald das Geld eingegangen ist."
      default:
        return ""
    }
  },

  paymentMethodName: (code) => {
    switch (code) {
      case "CARD":
        return "Kredit- oder Debitkarte"
      case "WALLET":
        return "Digitale Wallet"
      case "BANK_TRANSFER":
        return "Überweisung"
      default:
        return ""
    }
  },

  returnChecking: "Ihre Zahlung wird geprüft…",
  returnAccepted: "Zahlung angenommen. Ihre Bestellung wird aufgegeben…",
  returnPending:
    "Ihre Zahlung wird noch bestätigt. Wir senden Ihnen eine E-Mail; bitte zahlen Sie nicht noch einmal.",
  returnFailed:
    "Die Zahlung ist nicht durchgegangen. Ihr Warenkorb bleibt erhalten; Sie können es erneut versuchen.",
  returnCanceled:
    "Sie haben die Zahlungsseite ohne Zahlung verlassen. Ihr Warenkorb bleibt erhalten.",
  returnAwaitingTransfer: (order, transfer) =>
    `${order ? `Bestellung ${order} ist aufgegeben` : "Ihre Bestellung ist aufgegeben"}. ${
      transfer
        ? `Überweisen Sie ${transfer.amount} mit dem Verwendungszweck, den Ihnen die Zahlungsseite genannt hat, bis ${transfer.until}. Wir bestätigen die Bestellung, sobald das Geld eingegangen ist`
        : "Wir warten auf Ihre Überweisung und bestätigen die Bestellung, sobald das Geld eingegangen ist"
    }; bitte zahlen Sie nicht noch einmal.`,
  returnTransferReceived:
    "Ihre Überweisung ist eingegangen: Die Bestellung ist bezahlt.",
  returnTransferLapsed: (order, until) =>
    order
      ? `Die Überweisung für Bestellung ${order} ist nicht${until ? ` bis ${until}` : " rechtzeitig"} eingegangen, daher ist die Bestellung storniert. Es wurde nichts berechnet; bitte überweisen Sie das Geld jetzt nicht mehr.`
      : `Ihre Überweisung ist nicht${until ? ` bis ${until}` : " rechtzeitig"} eingegangen. Es wurde nichts berechnet; Ihr Warenkorb bleibt erhalten und Sie können erneut bezahlen.`,
  returnTransferVoided: (order) =>
    `${order ? `Bestellung ${order}` : "Ihre Bestellung"} ist storniert, und ihre Überweisung mit ihr. Bitte überweisen Sie das Geld nicht; bereits gesendetes Geld erhalten Sie zurück.`,
}
