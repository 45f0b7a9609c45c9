/**
 * POST /store/acquiring/payment-sessions/:session_id/card
 * Only for the session's own cart, within the velocity limits. The card
 * goes to the acquirer in memory; only the result is stored.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { authoriseCard } from "../../../../../../providers/acquiring/operations/authorise-card"
import { declinedError } from "../../../../../../providers/acquiring/operations/errors"
import type { CardEntry } from "../../../../../../providers/acquiring/storefront-input/card-entry"
import { refreshedCart } from "../../../../../middlewares/cart-snapshot-loader"
import { assertSessionOwner } from "../../ownership"
import { loadSession, sessionAnswer, sessionSaver } from "../../session-access"
import { answering, outcomePending } from "../../store-answers"
import { passVelocity } from "../../velocity-check"
import { withSessionLock } from "../../../../../../locking/locks"

/** The body was validated by `validateBody(CardEntrySchema)` in middlewares.ts. */
export async function POST(req: MedusaRequest<CardEntry>, res: MedusaResponse) {
  const card = req.validatedBody
  const sessionId = req.params.session_id
  const owner = await assertSessionOwner(req, sessionId)
  await answering(res, () =>
    withSessionLock(req.scope, sessionId, async () => {
      const loaded = await loadSession(req.scope, sessionId)
      if (loaded.core.identifier !== "acquiring-card") {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          "Cards are submitted only for sessions of the acquiring-card provider"
        )
      }
      const paid =
        loaded.data.status === "authorized" || loaded.data.status === "captured"
      const gate = paid
        ? null
        : await passVelocity(req, res, loaded.core, sessionId)
      if (!paid && !gate) return
      const cart = await refreshedCart(
        req.scope,
        loaded.data.cart,
        owner.cart_updated_at
      )
      const stored = cart ? { ...loaded.data, cart } : loaded.data
      const outcome = await authoriseCard(
        loaded.core,
        stored,
        card,
        sessionSaver(req.scope, loaded)
      )
      if (outcome.kind === "outcome_pending") {
        await gate?.record("error")
        return outcomePending(
          res,
          "The acquirer's answer was lost; the payment's outcome is being confirmed. Do not pay again: this page updates within a minute.",
          loaded.session,
          outcome.data
        )
      }
      if (outcome.data.status === "error") {
        await gate?.record("declined")
        res.status(402).json({
          type: "payment_declined",
          code: outcome.data.result?.code ?? "",
          message: declinedError(outcome.data.result, "card payment").message,
          ...sessionAnswer(loaded.session, outcome.data),
        })
        return
      }
      await gate?.record("approved")
      res.status(200).json(sessionAnswer(loaded.session, outcome.data))
    })
  )
}
