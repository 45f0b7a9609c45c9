/**
 * Applies a verified direct result (authorise answer, 3-D Secure result,
 * browser return or notification) to stored data. Only result keys are
 * taken over; a result that would move a settled payment back is ignored.
 */
import { maskCardNumber } from "../../gateway/redact"
import { interpretOrderStatus } from "../../gateway/statuses"
import { notifyUrlFor, returnUrlFor, type CoreContext } from "./core-context"
import type { GatewayResult } from "./gateway-port"
import type { AcquiringSessionData } from "./session-data"
import { mergeStatus, statusFromOrderOutcome } from "./status-map"

export function applyResult(
  ctx: CoreContext,
  data: AcquiringSessionData,
  result: GatewayResult,
  pan?: string
): AcquiringSessionData {
  const outcome = interpretOrderStatus(
    result.order_status,
    ctx.options.status_codes?.order_status
  )
  const hasChallenge = outcome === "pending" && !!result.issuer_url
  const incoming = statusFromOrderOutcome(outcome, {
    auto_capture: ctx.options.auto_capture,
    has_challenge: hasChallenge,
  })
  const status = mergeStatus(data.status, incoming)
  if (status !== incoming) return data

  const next: AcquiringSessionData = {
    ...data,
    status,
    order_status: result.order_status,
    result: result.result,
    transaction_id: result.transaction_id || data.transaction_id,
    card_masked: result.card
      ? maskCardNumber(result.card)
      : pan
        ? maskCardNumber(pan)
        : data.card_masked,
  }
  if (result.risk_action || result.risk_score) {
    next.risk = {
      action: result.risk_action || undefined,
      score: result.risk_score || undefined,
    }
  }
  if (outcome === "review")
    next.risk = { ...next.risk, action: result.risk_action || "REVIEW" }

  const threeDs: NonNullable<AcquiringSessionData["three_ds"]> = {}
  if (result.threeds_result) threeDs.result = result.threeds_result
  if (hasChallenge && result.issuer_url && data.session_id) {
    threeDs.issuer_url = result.issuer_url
    threeDs.form = {
      action: result.issuer_url,
      method: "POST",
      inputs: {
        return_url: returnUrlFor(ctx.options, data.session_id),
        notify_url: notifyUrlFor(ctx),
      },
    }
  }
  next.three_ds = Object.keys(threeDs).length ? threeDs : undefined
  if (!next.three_ds) delete next.three_ds
  return next
}
