/**
 * Sends a stored payout (its first request, a retry, or the status query:
 * the same request with the same request_id, which the acquirer answers with
 * the payout it already made) and stores the verified answer. Whatever
 * fails leaves the payout where it was or `unknown`: a lost answer is
 * settled by asking again with the same request_id, never by a new payout.
 */
import {
  AcquiringError,
  GatewayRefusedError,
  InvalidInputError,
  isOutcomeUnknown,
} from "../gateway/index"
import { choiceOf, coreFor } from "../accounts/registry"
import { acquirerStatus, answerFields } from "./payout-answer"
import { payoutRequest } from "./payout-request"
import {
  countPayoutTry,
  FINAL_STATUSES,
  loadPayout,
  movePayout,
  type StoredPayout,
} from "./payout-store"

interface Scope {
  resolve<T = unknown>(key: string): T
}

/** Where the acquirer posts a payout's status changes. */
export function payoutNotifyUrl(backendUrl: string): string {
  return `${backendUrl}/acquiring/notifications/payouts`
}

/** A failure as text safe to store and show: the error's kind and code, never request data. */
function describe(error: unknown): string {
  if (error instanceof GatewayRefusedError)
    return `${error.code}${error.text ? `: ${error.text}` : ""}`
  if (error instanceof InvalidInputError)
    return `${error.field}: ${error.reason}`
  if (error instanceof AcquiringError) return error.name
  return "unexpected error"
}

export async function sendPayout(
  scope: Scope,
  payoutId: string
): Promise<StoredPayout> {
  const payout = await loadPayout(scope, payoutId)
  if (FINAL_STATUSES.includes(payout.status)) return payout
  // the account it was sent with; rows older than that record: the one serving its currency
  const core = await coreFor(
    scope,
    payout.provider_id,
    choiceOf({
      account: payout.account ?? undefined,
      currency: payout.payment_currency,
    })
  )
  await countPayoutTry(scope, payout)
  try {
    const answer = await core.gateway.payout(
      payoutRequest(payout, payoutNotifyUrl(core.options.backend_url))
    )
    const status = acquirerStatus(answer)
    if (status) {
      await movePayout(
        scope,
        payout,
        answerFields(answer, status, payout.payment_currency)
      )
    } else {
      await movePayout(scope, payout, {
        status: "unknown",
        transaction_id: answer.transaction_id || undefined,
        last_error: "the answer carried no known status",
      })
    }
  } catch (error) {
    if (isOutcomeUnknown(error)) {
      // the request may have been acted on: keep the request_id and ask again later
      await movePayout(scope, payout, {
        status: "unknown",
        last_error: describe(error),
      })
    } else if (payout.status === "PENDING") {
      // the acquirer accepted this payout earlier: a refused query changes nothing
      await movePayout(scope, payout, {
        status: "PENDING",
        last_error: describe(error),
      })
    } else {
      await movePayout(scope, payout, {
        status: "FAILED",
        failure_type: "REFUSED",
        failure_reason: describe(error),
        last_error: null,
      })
    }
  }
  const stored = await loadPayout(scope, payout.id)
  core.log("info", `payout ${stored.request_id}: ${stored.status}`)
  return stored
}
