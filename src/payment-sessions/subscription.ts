/**
 * A subscription started by a first payment: what the storefront asked for
 * (the payment order's `subscription` object, sent with the attempt) and what
 * the acquirer answered (recurring id, contract name, deduction period and
 * next deduction time), then the merchant's cancellation.
 *
 * A cancellation never moves back: `cancelled` is final; a lost answer is
 * `unknown` and may be sent again (the acquirer refuses a second cancel of a
 * cancelled subscription, so a repeat can only confirm it).
 */
import { z } from "zod"
import { orderSubscriptionSchema, type VerifiedResult } from "../gateway/index"

export const CANCELLATION_STATES = [
  /** written before the request left */
  "sent",
  /** the answer was lost or could not be trusted */
  "unknown",
  "cancelled",
  /** the acquirer refused; the subscription runs on */
  "refused",
] as const
export type CancellationState = (typeof CANCELLATION_STATES)[number]

export const CancellationSchema = z.object({
  state: z.enum(CANCELLATION_STATES),
  /** ISO time of the latest request */
  at: z.string(),
  /** the acquirer's `<code>:<text>` when it answered */
  result: z.object({ code: z.string(), text: z.string() }).optional(),
})
export type Cancellation = z.infer<typeof CancellationSchema>

export const SubscriptionSchema = z.object({
  /** what the storefront asked for, sent as the order's `subscription` */
  order: orderSubscriptionSchema.optional(),
  contract_name: z.string().optional(),
  recurring_id: z.string().optional(),
  deduction_period: z.string().optional(),
  /** `YYYY-MM-DD HH:MM:SS`, the acquirer's local time */
  deduction_time: z.string().optional(),
  cancellation: CancellationSchema.optional(),
})
export type SubscriptionData = z.infer<typeof SubscriptionSchema>

/** The acquirer's subscription fields of a verified result, kept beside what was asked. */
export function subscriptionFromResult(
  current: SubscriptionData | undefined,
  result: Pick<
    VerifiedResult,
    | "recurring_id"
    | "contract_name"
    | "recurring_deduction_period"
    | "recurring_deduction_time"
  >
): SubscriptionData | undefined {
  if (!result.recurring_id) return current
  // the subscription a result names is the one kept; its cancellation only if it is the same one
  const same = current?.recurring_id === result.recurring_id
  return {
    ...(current?.order ? { order: current.order } : {}),
    recurring_id: result.recurring_id,
    ...(result.contract_name ? { contract_name: result.contract_name } : {}),
    ...(result.recurring_deduction_period
      ? { deduction_period: result.recurring_deduction_period }
      : {}),
    ...(result.recurring_deduction_time
      ? { deduction_time: result.recurring_deduction_time }
      : {}),
    ...(same && current?.cancellation
      ? { cancellation: current.cancellation }
      : {}),
  }
}

/** Whether the subscription can be asked to end now. */
export function cancellable(sub: SubscriptionData | undefined): boolean {
  return (
    !!sub?.recurring_id &&
    !!sub.contract_name &&
    sub.cancellation?.state !== "cancelled"
  )
}

/** A cancellation's new state; `cancelled` is final. */
export function withCancellation(
  sub: SubscriptionData,
  next: Cancellation
): SubscriptionData {
  if (sub.cancellation?.state === "cancelled") return sub
  return { ...sub, cancellation: next }
}
