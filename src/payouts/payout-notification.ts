/**
 * A payout notification (notify_type PAYOUT) posted to the notify_url of the
 * payout request. Its signature is checked with the key of the account that
 * made the payout before anything is read from it; the signed status moves
 * the payout only forwards, so duplicates and late arrivals change nothing.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { choiceOf, coreFor } from "../accounts/registry"
import { acquirerStatus, answerFields } from "./payout-answer"
import {
  findPayout,
  loadPayout,
  movePayout,
  type StoredPayout,
} from "./payout-store"

interface Scope {
  resolve<T = unknown>(key: string): T
}

const text = (value: unknown) => (typeof value === "string" ? value : "")

export async function receivePayoutNotification(
  scope: Scope,
  fields: Record<string, unknown>
): Promise<{ payout: StoredPayout; moved: boolean }> {
  const requestId = text(fields.request_id)
  const transactionId = text(fields.transaction_id)
  const payout =
    (requestId && (await findPayout(scope, { request_id: requestId }))) ||
    (transactionId &&
      (await findPayout(scope, { transaction_id: transactionId }))) ||
    undefined
  if (!payout)
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "Unknown payout")
  // the account the payout was sent with; older rows: the account the
  // notification names (its key must then verify it), else the payout's currency
  const core = await coreFor(
    scope,
    payout.provider_id,
    payout.account
      ? choiceOf({ account: payout.account, currency: payout.payment_currency })
      : {
          currency: payout.payment_currency,
          names: {
            merchant_id: fields.merchant_id,
            account_id: fields.account_id,
          },
        }
  )
  let notification
  try {
    notification = core.gateway.verifyPayoutNotification(fields)
  } catch {
    core.log("warn", `payout notification for ${payout.id} refused: signature`)
    throw new MedusaError(
      MedusaError.Types.UNAUTHORIZED,
      "The notification's signature does not hold"
    )
  }
  if (notification.request_id !== payout.request_id) {
    throw new MedusaError(
      MedusaError.Types.UNAUTHORIZED,
      "The notification's signature does not hold"
    )
  }
  const status = acquirerStatus(notification)
  if (!status)
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "status: must be PENDING, COMPLETED or FAILED"
    )
  const moved = await movePayout(
    scope,
    payout,
    answerFields(notification, status, payout.payment_currency)
  )
  const stored = await loadPayout(scope, payout.id)
  core.log(
    "info",
    `payout notification ${payout.request_id}: ${status}${moved ? "" : " (no change)"}`
  )
  return { payout: stored, moved }
}
