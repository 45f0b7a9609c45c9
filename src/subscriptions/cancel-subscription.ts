/**
 * Ends the subscription a first payment started (`/v1/cancelsubscription`).
 *
 * The request is journalled before it leaves. No money moves and a
 * cancellation cannot be undone, so sending it again after a lost answer is
 * harmless: the acquirer either cancels or answers that the subscription is
 * no longer active (`E0005`, which confirms the cancellation). A lost or
 * unverifiable answer is therefore reported as unknown, never as done.
 */
import { MedusaError } from "@medusajs/framework/utils"
import {
  ERROR_CODE,
  GatewayRefusedError,
  isOutcomeUnknown,
  parseResultInfo,
} from "../gateway/index"
import type { ProviderCore } from "../accounts/core"
import type { SessionData } from "../payment-sessions/session-data"
import {
  withCancellation,
  type CancellationState,
  type SubscriptionData,
} from "../payment-sessions/subscription"
import { toMedusaError } from "../journal/errors"

export interface SubscriptionCancelOutcome {
  data: SessionData
  /** cancelled (now or before), unknown (answer lost: asking again is safe), refused */
  outcome: Extract<CancellationState, "cancelled" | "unknown" | "refused">
  /** nothing was sent: the subscription was already cancelled */
  repeated: boolean
  result?: { code: string; text: string }
}

export async function cancelSubscription(
  core: ProviderCore,
  data: SessionData,
  paymentId: string,
  now: () => Date = () => new Date()
): Promise<SubscriptionCancelOutcome> {
  const sub = data.subscription
  if (!sub?.recurring_id || !sub.contract_name) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Payment ${paymentId} carries no subscription of the acquirer`
    )
  }
  if (sub.cancellation?.state === "cancelled") {
    return { data, outcome: "cancelled", repeated: true }
  }
  const { recurring_id, contract_name } = sub
  const op = await core.journal.record({
    provider_id: core.provider_id,
    kind: "cancel_subscription",
    order_no: data.order_no ?? recurring_id,
    session_id: data.session_id ?? null,
    payment_id: paymentId,
    transaction_id: data.transaction_id ?? null,
    reference: recurring_id,
  })
  const at = now().toISOString()
  const settled = (
    state: SubscriptionCancelOutcome["outcome"],
    result?: { code: string; text: string }
  ): SubscriptionCancelOutcome => ({
    data: {
      ...data,
      subscription: withCancellation(sub as SubscriptionData, {
        state,
        at,
        ...(result ? { result } : {}),
      }),
    },
    outcome: state,
    repeated: false,
    ...(result ? { result } : {}),
  })

  try {
    const answer = await core.gateway.cancelSubscription({
      recurring_id,
      contract_name,
    })
    const result = parseResultInfo(answer.return_message ?? "")
    await core.journal.settle(op.id, {
      state: "done",
      result_code: result.code || null,
      result_text: result.text || null,
    })
    core.log("info", `subscription ${recurring_id} cancelled`)
    return settled("cancelled", result)
  } catch (error) {
    if (error instanceof GatewayRefusedError) {
      const result = { code: error.code, text: error.text }
      // not active any more: cancelled earlier (a lost answer's request took effect, or the acquirer's portal)
      const state =
        error.code === ERROR_CODE.NOT_ALLOWED_IN_STATE ? "cancelled" : "refused"
      await core.journal.settle(op.id, {
        state: state === "cancelled" ? "done" : "refused",
        result_code: error.code,
        result_text: error.text,
      })
      core.log("info", `subscription ${recurring_id}: ${state}`, { result })
      return settled(state, result)
    }
    if (!isOutcomeUnknown(error)) {
      // nothing reached the acquirer
      await core.journal.settle(op.id, { state: "refused" })
      throw toMedusaError(error, "subscription cancellation")
    }
    await core.journal.settle(op.id, { state: "unknown" })
    core.log("warn", `subscription ${recurring_id}: answer lost`, { error })
    return settled("unknown")
  }
}
