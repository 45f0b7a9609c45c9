/**
 * Gives back what a session no order will use still holds (Medusa deleted
 * it: the cart changed, another provider was chosen): an authorisation, an
 * open hosted page or 3-D Secure challenge is voided, an auto-captured
 * payment refunded. Best effort: a failure is logged for the merchant's
 * staff and left to the reconcile job, never thrown at the shopper.
 */
import type { ProviderCore } from "../accounts/core"
import type { SessionData } from "../payment-sessions/session-data"
import { holdsMoney, isWaiting } from "../payment-sessions/transitions"
import { refundPayment } from "../refunds/refunds"
import { settleAttempts } from "../acquirer-calls/settle-attempts"
import { voidSurplus } from "./void"

export async function releaseUnused(
  core: ProviderCore,
  stored: SessionData
): Promise<SessionData> {
  if (!stored.attempts?.length) return stored
  let data = stored
  try {
    data = (await settleAttempts(core, data)).data
    for (const attempt of data.attempts ?? []) {
      if (attempt.state === "captured") {
        core.log(
          "info",
          `refunding ${attempt.order_no}: captured for a payment session no order uses`
        )
        data = await refundPayment(
          core,
          {
            ...data,
            order_no: attempt.order_no,
            transaction_id: attempt.transaction_id,
            status: "captured",
          },
          {
            amount: data.amount as string,
          }
        )
      } else if (
        (holdsMoney(attempt.state) || isWaiting(attempt.state)) &&
        attempt.transaction_id
      ) {
        data = await voidSurplus(core, data, attempt)
      }
    }
  } catch (error) {
    core.log(
      "error",
      `could not release what a payment session no order uses holds (${stored.order_no ?? "no order number"}); release it in the acquirer's portal`,
      { error }
    )
  }
  return data
}
