/** How a chargeback reads to a merchant: in the admin's feed, on a refused refund, in the timeline. */
import type { OpenChargeback } from "../journal/dispute-book"
import { amountText } from "../admin-contract/amount-text"

type Described = OpenChargeback

export function reasonText(
  chargeback: Pick<Described, "reason_code" | "reason_text">
): string {
  const parts = [chargeback.reason_code, chargeback.reason_text].filter(Boolean)
  return parts.length ? parts.join(" ") : "no reason given"
}

function respondBy(chargeback: Pick<Described, "respond_by">): string {
  return chargeback.respond_by
    ? new Date(chargeback.respond_by).toISOString().slice(0, 10)
    : "the date the acquirer sets"
}

function money(chargeback: Pick<Described, "amount" | "currency">): string {
  return amountText(chargeback.amount, chargeback.currency) ?? ""
}

/** Why a refund is refused while a chargeback is open. */
export function refundRefusal(open: Described[]): string {
  const list = open
    .map(
      (c) =>
        `${c.reference} of ${money(c)} (reason ${reasonText(c)}), respond by ${respondBy(c)}`
    )
    .join("; ")
  return `This payment has an open chargeback: ${list}. The acquirer refuses refunds while it is open, so nothing was refunded. Contest or accept it in the acquirer's merchant portal; refund once it is decided.`
}

/** Why an order's cancel is refused while a chargeback of its payment is open. */
export function cancelRefusal(open: Described[]): string {
  const list = open
    .map((c) => `${c.reference} of ${money(c)}, respond by ${respondBy(c)}`)
    .join("; ")
  return `This order's payment has an open chargeback: ${list}. Cancelling refunds the captured money, and the acquirer refuses refunds while a chargeback is open, so nothing was cancelled. Cancel once it is decided.`
}

export type ChargebackChange = "OPEN" | "WON" | "LOST"

/** The admin feed's notice of a chargeback that opened or was decided. */
export function chargebackNotice(
  change: ChargebackChange,
  chargeback: Described,
  order: string
): { title: string; description: string } {
  if (change === "OPEN")
    return {
      title: "Chargeback opened",
      description: `Order ${order}: the card holder's bank disputes ${money(chargeback)} (reason ${reasonText(chargeback)}, chargeback ${chargeback.reference}). The amount is withheld; respond in the acquirer's merchant portal by ${respondBy(chargeback)}. Refunds of this payment are refused until it is decided.`,
    }
  if (change === "WON")
    return {
      title: "Chargeback won",
      description: `Order ${order}: chargeback ${chargeback.reference} of ${money(chargeback)} was decided for you; the acquirer pays the amount back.`,
    }
  return {
    title: "Chargeback lost",
    description: `Order ${order}: chargeback ${chargeback.reference} of ${money(chargeback)} was decided for the card holder; the amount is recorded on the order as refunded.`,
  }
}

const NOTE_PREFIX = "Chargeback "

/** The note of the Medusa refund a lost chargeback is recorded as. */
export function lostChargebackNote(chargeback: Described): string {
  return `${NOTE_PREFIX}${chargeback.reference} lost (reason ${reasonText(chargeback)}): returned to the card holder by their bank`
}

export function isChargebackNote(note: string | null | undefined): boolean {
  return !!note?.startsWith(NOTE_PREFIX) && note.includes(" lost (reason ")
}
