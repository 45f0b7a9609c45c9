import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { payByCard, type CardEntry } from "./card-payment"
import { assertSessionOwner } from "../payment-sessions/ownership"
import { answering } from "../session-access/store-answers"

/**
 * POST /store/acquiring/payment-sessions/:session_id/card
 * Only for the session's own cart, within the velocity limits. The card
 * goes to the acquirer in memory; only the result is stored. The body was
 * validated by `validateBody(CardEntrySchema)` in middlewares.ts.
 */
export async function cardPaymentRoute(
  req: MedusaRequest<CardEntry>,
  res: MedusaResponse
) {
  const owner = await assertSessionOwner(req, req.params.session_id)
  await answering(res, () => payByCard(req, res, req.validatedBody, owner))
}
