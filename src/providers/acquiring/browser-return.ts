/**
 * The shopper's browser coming back from the hosted page or a 3-D Secure
 * challenge. The status query decides the outcome; returned fields whose
 * signature holds only add details (code and text, 3-D Secure result)
 * where the query agrees with them. Forged or altered fields change nothing.
 */
import { confirmWithQuery } from "./confirmation"
import type { CoreContext } from "./core-context"
import type { GatewayResult } from "./gateway-port"
import { applyResult } from "./gateway-result"
import type { AcquiringSessionData } from "./session-data"

export async function confirmBrowserReturn(
  ctx: CoreContext,
  stored: AcquiringSessionData,
  fields: Record<string, unknown>
): Promise<AcquiringSessionData> {
  let verified: GatewayResult | undefined
  if (fields.encryption_data) {
    try {
      const result = ctx.gateway.verifyResult(fields)
      if (result.order_no === stored.order_no) verified = result
    } catch (error) {
      ctx.log(
        "warn",
        `browser return for ${stored.order_no ?? "?"} carried fields that failed verification; ignored`,
        { error }
      )
    }
  }
  const { data: confirmed } = await confirmWithQuery(ctx, stored)
  if (!verified) return confirmed
  const detailed = applyResult(ctx, { ...stored, status: undefined }, verified)
  if (detailed.status !== confirmed.status) return confirmed
  const next: AcquiringSessionData = {
    ...confirmed,
    result: detailed.result,
    card_masked: detailed.card_masked ?? confirmed.card_masked,
  }
  if (verified.threeds_result)
    next.three_ds = { ...confirmed.three_ds, result: verified.threeds_result }
  return next
}
