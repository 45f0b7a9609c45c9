/**
 * What a declined deduction tells people: the merchant in the admin's
 * notification feed, and the customer through Medusa's notification module
 * (channel `email`, template `acquiring-subscription-declined`) when the
 * store has a provider for it. One of each per try, whichever path learnt
 * of it and however often: the notification module drops a repeat of the
 * same idempotency key.
 */
import type {
  INotificationModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { ERROR_CODE } from "../gateway/index"
import type { AcquiringDeductionRow } from "../modules/acquiring/types"
import { loggerOf } from "../order-payments/payment-store"
import { firstOrderOf } from "./renewal-order"
import { thrownMessage } from "../journal/errors"

/** The template a store's e-mail provider renders for the customer. */
export const CUSTOMER_TEMPLATE = "acquiring-subscription-declined"

/** Retries the acquirer makes of a declined deduction (wire contract: 1 and 3 days later). */
const RETRIES = 2

export type DeclineReason = "declined" | "card_lapsed" | "ended"

export function declineReason(
  deduction: Pick<AcquiringDeductionRow, "status" | "result_code">
): DeclineReason {
  if (deduction.status === "ended") return "ended"
  return deduction.result_code?.startsWith(ERROR_CODE.STORED_CARD_NOT_FOUND)
    ? "card_lapsed"
    : "declined"
}

/** What a lapsed card's notices say of the link that replaces it: made, failed, or none (another decline). */
export type NewCardOffer =
  | {
      url: string
      expires_at: string
      order_display_id: number | null
      order_id: string
    }
  | "failed"
  | null

type NoticeInput = Pick<
  AcquiringDeductionRow,
  | "deduction_number"
  | "retry_number"
  | "recurring_id"
  | "amount"
  | "currency"
  | "result_code"
  | "status"
> & { order: string; offer?: NewCardOffer }

/** The merchant's feed entry for a declined try. */
export function merchantNotice(input: NoticeInput): {
  title: string
  description: string
} {
  const which = `deduction ${input.deduction_number} of subscription ${input.recurring_id ?? ""} (order ${input.order}, ${input.amount} ${input.currency})`
  const code = input.result_code ? ` (${input.result_code})` : ""
  const reason = declineReason(input)
  if (reason === "ended")
    return {
      title: "Subscription ended after failed deductions",
      description: `The acquirer ended the subscription: ${which} was declined on every try${code}. No further deductions are made; the customer has to subscribe again.`,
    }
  const left = RETRIES - input.retry_number
  const next =
    left > 0
      ? `The acquirer tries again (${left} ${left === 1 ? "try" : "tries"} left); a paid try becomes the renewal order.`
      : "It was the last try: the acquirer ends the subscription."
  return {
    title:
      reason === "card_lapsed"
        ? "Subscription card lapsed"
        : "Subscription deduction declined",
    description:
      reason === "card_lapsed"
        ? `${which[0].toUpperCase()}${which.slice(1)} was declined: the customer's stored card is no longer valid${code}. ${lapsedNext(input.offer, next)}`
        : `${which[0].toUpperCase()}${which.slice(1)} was declined${code}. ${next}`,
  }
}

/** What follows a lapsed card: the link the customer was sent, or what the merchant does. */
function lapsedNext(offer: NewCardOffer | undefined, next: string): string {
  if (offer && offer !== "failed")
    return `The subscription was cancelled at the acquirer (no try on that card can succeed), and order ${offer.order_display_id ? `#${offer.order_display_id}` : offer.order_id} asks the customer to pay it by a payment link with a new card, until ${offer.expires_at}: paying it starts the subscription again on the new card.`
  if (offer === "failed")
    return `No payment link for a new card could be made (see the log): make one from the deduction's order, or ask the customer to subscribe again.`
  return `${next} Ask the customer to subscribe again with a new card.`
}

/** The merchant's feed entry for a paid deduction whose renewal order cannot be made yet. */
export function renewalWaitingNotice(
  input: Pick<
    AcquiringDeductionRow,
    "deduction_number" | "recurring_id" | "amount" | "currency" | "order_no"
  > & { why: string }
): { title: string; description: string } {
  return {
    title: "Subscription renewal waiting",
    description: `Deduction ${input.deduction_number} of subscription ${input.recurring_id ?? ""} was paid (${input.amount} ${input.currency}, ${input.order_no}), but its renewal order cannot be made yet: ${input.why}. The reconcile job makes it as soon as it can; the money is held at the acquirer meanwhile.`,
  }
}

/** Tells the merchant's feed once per deduction that its paid renewal waits for an order. */
export async function noticeRenewalWaiting(
  scope: MedusaContainer,
  deduction: AcquiringDeductionRow,
  why: string
): Promise<void> {
  await scope
    .resolve<INotificationModuleService>(Modules.NOTIFICATION)
    .createNotifications({
      to: "",
      channel: "feed",
      template: "admin-ui",
      data: renewalWaitingNotice({ ...deduction, why }),
      idempotency_key: `acquiring-deduction:${deduction.order_no}:renewal-waiting`,
    })
}

/** Sends both notices of a declined try once; a store without an e-mail provider is told in the log, never failed. */
export async function noticeDecline(
  scope: MedusaContainer,
  deduction: AcquiringDeductionRow,
  offer: NewCardOffer = null
): Promise<void> {
  const first = await firstOrderOf(scope, deduction.first_session_id)
  const order = first?.display_id
    ? `#${first.display_id}`
    : deduction.first_order_no
  const key = `acquiring-deduction:${deduction.order_no}:${deduction.retry_number}:${deduction.status}`
  const notifications = scope.resolve<INotificationModuleService>(
    Modules.NOTIFICATION
  )
  await notifications.createNotifications({
    to: "",
    channel: "feed",
    template: "admin-ui",
    data: merchantNotice({ ...deduction, order, offer }),
    idempotency_key: `${key}:feed`,
  })
  if (!first?.email) return
  try {
    await notifications.createNotifications({
      to: first.email,
      channel: "email",
      template: CUSTOMER_TEMPLATE,
      data: {
        reason: declineReason(deduction),
        order_display_id: first.display_id ?? null,
        recurring_id: deduction.recurring_id,
        deduction_number: deduction.deduction_number,
        retries_left: Math.max(0, RETRIES - deduction.retry_number),
        amount: deduction.amount,
        currency: deduction.currency,
        // a lapsed card: the link that pays this deduction with a new card and starts the subscription again
        ...(offer && offer !== "failed"
          ? {
              pay_url: offer.url,
              pay_until: offer.expires_at,
              pay_order_display_id: offer.order_display_id,
            }
          : {}),
      },
      ...(first.customer_id ? { receiver_id: first.customer_id } : {}),
      resource_id: first.id,
      resource_type: "order",
      idempotency_key: `${key}:email`,
    })
  } catch (error) {
    loggerOf(scope).info(
      `[acquiring] the customer of order ${order} was not told of the declined deduction ${deduction.order_no}: ${thrownMessage(error)}`
    )
  }
}
