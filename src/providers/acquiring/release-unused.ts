import { confirmWithQuery } from "./confirmation"
import type { CoreContext } from "./core-context"
import { refund, refundableLeft } from "./refunds"
import type { AcquiringSessionData } from "./session-data"
import { cancel } from "./settlement"

/**
 * Gives back what an attempt no order will use still holds (the session was
 * deleted, or vanished while the card was being authorised): an open
 * authorisation, hosted page or challenge is voided, an auto-captured
 * payment refunded. Best effort: a failure is logged as an error for the
 * merchant's staff, never thrown at the shopper.
 */
export async function releaseUnused(
  ctx: CoreContext,
  stored: AcquiringSessionData
): Promise<AcquiringSessionData> {
  if (
    !stored.order_no ||
    stored.status === "canceled" ||
    stored.status === "error"
  )
    return stored
  try {
    let data = stored
    // a hosted page or a lost answer leaves no transaction id behind: ask under the order number
    if (!data.transaction_id) {
      const confirmed = await confirmWithQuery(ctx, data)
      if (confirmed.answer.kind !== "found") return data
      data = confirmed.data
    }
    if (data.status === "canceled" || data.status === "error") return data
    if (data.status === "captured") {
      const left = refundableLeft(data)
      if (!left.isPositive() || left.isZero()) return data
      ctx.log(
        "info",
        `refunding ${data.order_no}: captured for a payment session no order uses`
      )
      return await refund(ctx, data, left.toFixed())
    }
    return await cancel(ctx, data)
  } catch (error) {
    ctx.log(
      "error",
      `could not release ${stored.order_no} of a payment session no order uses; release it in the acquirer's portal`,
      { error }
    )
    return stored
  }
}
