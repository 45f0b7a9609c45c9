/**
 * How the order widget words a change that waits for its confirm after the
 * payment was captured for it: what was captured and released, that
 * Medusa keeps the order at its total before the change until then, and
 * what confirming does.
 */
import type {
  AcquiringPayment,
  WaitingOrderChange,
} from "../../admin-contract/payments"
import { amountText } from "./amount-text"
import { utcText } from "./transfer-text"

const CHANGE_WORDS: Record<string, string> = {
  edit: "order edit",
  exchange: "exchange",
  claim: "claim",
  return_request: "return",
  return_receive: "return",
}

export function changeWord(changeType: string): string {
  return CHANGE_WORDS[changeType] ?? "order change"
}

/** Null when no change waits. */
export function waitingChangeText(
  payment: Pick<
    AcquiringPayment,
    "captured_amount" | "released_amount" | "currency"
  > & { order_change?: WaitingOrderChange | null }
): { title: string; lines: string[] } | null {
  const change = payment.order_change
  if (!change) return null
  const word = changeWord(change.change_type)
  const money = (amount: string | null | undefined) =>
    amountText(amount, payment.currency) ?? ""
  const captured = payment.captured_amount
    ? `${money(payment.captured_amount)} was captured for it${
        payment.released_amount
          ? ` and ${money(payment.released_amount)} released to the customer`
          : ""
      }.`
    : "The payment was captured for it."
  return {
    title: `${word[0].toUpperCase()}${word.slice(1)} waiting for its confirm`,
    lines: [
      `The ${word} begun ${utcText(change.opened_at)} was not confirmed: ${captured}`,
      `Until it is confirmed, Medusa keeps the order at its total before the ${word} (${money(change.total_before)}) and may show money pending that can no longer be captured.`,
      `Confirm the ${word} again to bring the order to ${money(change.total_after)}; no more money is captured.`,
    ],
  }
}
