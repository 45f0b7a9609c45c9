/**
 * POST /store/acquiring/payment-sessions/:session_id/card
 * The card goes to the gateway in memory; only the result is stored.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { authoriseCard } from "../../providers/acquiring/card-authorisation"
import {
  CardEntrySchema,
  describeCardIssues,
} from "../../providers/acquiring/card-entry"
import { declinedError } from "../../providers/acquiring/medusa-errors"
import { coreFor } from "../../providers/acquiring/route-context"
import { releaseUnused } from "../../providers/acquiring/release-unused"
import { loadCartSnapshot } from "./cart-snapshot-loader"
import {
  loadAcquiringSession,
  saveSessionData,
  sessionAnswer,
} from "./session-access"

export async function submitCard(req: MedusaRequest, res: MedusaResponse) {
  const parsed = CardEntrySchema.safeParse(req.body ?? {})
  if (!parsed.success) {
    const issues = describeCardIssues(parsed.error)
    res.status(400).json({
      type: "invalid_data",
      message: issues
        .map((issue) => `${issue.field}: ${issue.reason}`)
        .join("; "),
      issues,
    })
    return
  }
  const loaded = await loadAcquiringSession(req, req.params.session_id)
  if (loaded.identifier !== "acquiring-card") {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "Cards are submitted only for sessions of the acquiring-card provider"
    )
  }
  const ctx = coreFor(req.scope, loaded.session.provider_id)
  const cart = await loadCartSnapshot(
    req.scope,
    loaded.session.payment_collection_id
  )
  const stored = cart ? { ...loaded.data, cart } : loaded.data
  const next = await authoriseCard(
    ctx,
    stored,
    { amount: loaded.amount, currency: loaded.currency },
    parsed.data
  )
  let session
  try {
    session = await saveSessionData(req, loaded, next)
  } catch (error) {
    // the session vanished meanwhile (the cart changed): money nobody can use is given back
    if (
      next.transaction_id &&
      next.transaction_id !== loaded.data.transaction_id
    )
      await releaseUnused(ctx, next)
    throw error
  }
  if (next.status === "error") {
    const code = next.result?.code ?? ""
    res.status(402).json({
      code,
      message: declinedError(next.result, "card payment").message,
      ...sessionAnswer(session),
    })
    return
  }
  res.status(200).json(sessionAnswer(session))
}
