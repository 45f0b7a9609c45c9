/**
 * What a storefront may see of a session: a whitelist. Never the order
 * number, transaction id, cart snapshot, IP or user agent.
 */
import type { SessionData } from "./session-data"
import { unsettledAttempts } from "./session-data"
import { transferCourse, type TransferCourse } from "./transfer-course"

export interface StorefrontView {
  status: NonNullable<SessionData["status"]>
  result?: { code: string; text: string }
  card_masked?: string
  /** the method picked for the hosted page, then the one that paid (CARD, WALLET, BANK_TRANSFER …) */
  payment_method?: string
  review?: SessionData["review"]
  three_ds?: {
    form?: NonNullable<SessionData["three_ds"]>["form"]
    result?: string
  }
  /** an attempt's outcome is being confirmed with the acquirer */
  confirming?: true
  /** the customer's saved card that paid, or the one this payment kept (never its token) */
  saved_card_id?: string
  /** a bank transfer: what to send, until when, and how it ended */
  transfer?: TransferCourse
}

/** The view's keys, for code that filters data down to it. */
export const STOREFRONT_VIEW_KEYS = [
  "status",
  "result",
  "card_masked",
  "payment_method",
  "review",
  "three_ds",
  "confirming",
  "saved_card_id",
  "transfer",
] as const satisfies readonly (keyof StorefrontView)[]

export function storefrontView(data: SessionData): StorefrontView {
  const view: StorefrontView = { status: data.status ?? "pending" }
  if (data.result)
    view.result = { code: data.result.code, text: data.result.text }
  if (data.card_masked) view.card_masked = data.card_masked
  if (data.payment_method) view.payment_method = data.payment_method
  if (data.review) view.review = data.review
  if (data.three_ds?.form || data.three_ds?.result) {
    view.three_ds = {
      ...(data.three_ds.form ? { form: data.three_ds.form } : {}),
      ...(data.three_ds.result ? { result: data.three_ds.result } : {}),
    }
  }
  if (data.saved_card?.id) view.saved_card_id = data.saved_card.id
  const transfer = transferCourse(data)
  if (transfer) view.transfer = transfer
  if (view.status === "pending" && unsettledAttempts(data).length)
    view.confirming = true
  return view
}
