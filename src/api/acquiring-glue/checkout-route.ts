/**
 * GET /store/acquiring/payment-sessions/:session_id/checkout
 * The service's HTML answer for the hosted payment page, unchanged.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { startCheckout } from "../../providers/acquiring/hosted-checkout"
import { coreFor } from "../../providers/acquiring/route-context"
import { loadCartSnapshot } from "./cart-snapshot-loader"
import { loadAcquiringSession, saveSessionData } from "./session-access"

export async function serveCheckout(req: MedusaRequest, res: MedusaResponse) {
  const loaded = await loadAcquiringSession(req, req.params.session_id)
  if (loaded.identifier !== "acquiring-hosted") {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "The hosted page is served only for sessions of the acquiring-hosted provider"
    )
  }
  const ctx = coreFor(req.scope, loaded.session.provider_id)
  const cart = await loadCartSnapshot(
    req.scope,
    loaded.session.payment_collection_id
  )
  const stored = cart ? { ...loaded.data, cart } : loaded.data
  const { html, data } = await startCheckout(ctx, stored, {
    amount: loaded.amount,
    currency: loaded.currency,
  })
  await saveSessionData(req, loaded, data)
  res
    .status(200)
    .set("Content-Type", "text/html; charset=utf-8")
    .set("Cache-Control", "no-store")
    .send(html)
}
