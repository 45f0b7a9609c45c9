/**
 * The shopper's browser coming back from the hosted page or a 3-D Secure
 * challenge. The status query decides the outcome; returned fields whose
 * signature holds only add details (code and text, 3-D Secure outcome, risk)
 * where the query agrees with them. Forged or altered fields change nothing.
 */
import type { VerifiedResult } from "../gateway/index"
import type { ProviderCore } from "../accounts/core"
import { settleAttempts, rulesOf } from "../acquirer-calls/settle-attempts"
import type { SessionData } from "../payment-sessions/session-data"
import { applyResult } from "../payment-sessions/transitions"
import { withKeptCard } from "../saved-cards/kept-card"

export async function confirmBrowserReturn(
  core: ProviderCore,
  stored: SessionData,
  fields: Record<string, unknown>
): Promise<SessionData> {
  let verified: VerifiedResult | undefined
  if (fields.encryption_data) {
    try {
      const result = core.gateway.verifyResult(fields)
      if (stored.attempts?.some((a) => a.order_no === result.order_no))
        verified = result
    } catch (error) {
      core.log(
        "warn",
        "browser return carried fields that failed verification; ignored",
        { error }
      )
    }
  }
  const { data: confirmed } = await settleAttempts(core, stored)
  // the card the shopper asked to keep, once the return's details (its mask) are in
  return withKeptCard(withReturnDetails(core, stored, confirmed, verified))
}

function withReturnDetails(
  core: Pick<ProviderCore, "options">,
  stored: SessionData,
  confirmed: SessionData,
  verified: VerifiedResult | undefined
): SessionData {
  if (!verified || verified.order_no !== confirmed.order_no) return confirmed
  // what the returned result would make of the attempt before it was confirmed
  const before = stored.attempts?.map((a) =>
    a.order_no === verified!.order_no ? { ...a, state: "sent" as const } : a
  )
  const detailed = applyResult(
    { ...stored, attempts: before },
    verified,
    rulesOf(core)
  )
  if (detailed.status !== confirmed.status) return confirmed
  const next: SessionData = {
    ...confirmed,
    result: detailed.result ?? confirmed.result,
  }
  if (detailed.card_masked) next.card_masked = detailed.card_masked
  // the hosted page's risk screening reaches the plugin only in these fields
  if (detailed.risk) next.risk = detailed.risk
  if (verified.threeds_result)
    next.three_ds = { ...confirmed.three_ds, result: verified.threeds_result }
  return next
}
