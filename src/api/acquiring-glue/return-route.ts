/**
 * The shopper's way back from the hosted page or a 3-D Secure challenge:
 * the outcome is confirmed (status query), recorded, and the shopper sent
 * (303) to the storefront's return or cancel page.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { confirmBrowserReturn } from "../../providers/acquiring/browser-return"
import { coreFor } from "../../providers/acquiring/route-context"
import { loadAcquiringSession, saveSessionData } from "./session-access"

function returnedFields(req: MedusaRequest): Record<string, unknown> {
  const body =
    req.body && typeof req.body === "object"
      ? (req.body as Record<string, unknown>)
      : {}
  return { ...(req.query as Record<string, unknown>), ...body }
}

export function browserReturn(kind: "return" | "cancel") {
  return async function handle(req: MedusaRequest, res: MedusaResponse) {
    const loaded = await loadAcquiringSession(req, req.params.session_id)
    const ctx = coreFor(req.scope, loaded.session.provider_id)
    const confirmed = await confirmBrowserReturn(
      ctx,
      loaded.data,
      returnedFields(req)
    )
    if (JSON.stringify(confirmed) !== JSON.stringify(loaded.data))
      await saveSessionData(req, loaded, confirmed)
    const target =
      kind === "cancel"
        ? ctx.options.storefront_cancel_url
        : ctx.options.storefront_return_url
    const url = new URL(target)
    url.searchParams.set("session_id", loaded.session.id)
    url.searchParams.set("status", confirmed.status ?? "pending")
    res.redirect(303, url.toString())
  }
}
