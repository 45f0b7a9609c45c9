import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { assertSessionOwner } from "../payment-sessions/ownership"
import { loadSession, sessionAnswer } from "./session-access"
import { answering } from "./store-answers"

/** GET /store/acquiring/payment-sessions/:session_id: the session as the storefront may see it. */
export async function paymentSessionRoute(
  req: MedusaRequest,
  res: MedusaResponse
) {
  await answering(res, async () => {
    await assertSessionOwner(req, req.params.session_id)
    const loaded = await loadSession(req.scope, req.params.session_id)
    res.status(200).json(sessionAnswer(loaded.session, loaded.data))
  })
}
