/**
 * The shopper's way back from the hosted page or a 3-D Secure challenge,
 * at `{backend}/acquiring/return/:token` (or `/cancel/:token`): outside
 * /store, because a redirect from the acquirer cannot carry the
 * publishable key. The token names the attempt; the outcome is confirmed
 * (status query), recorded, and the shopper sent (303) to the storefront's
 * return or cancel page with `?status=…&attempt=…`. A payment link's
 * customer has no storefront checkout to return to: the outcome is said on
 * a notice page here.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { confirmBrowserReturn } from "./browser-return"
import { sessionOfAttempt } from "../journal/journal"
import { loadSession, sessionSaver } from "../session-access/session-access"
import { withSessionLock } from "../locking/locks"
import { paymentLinkOfSession } from "../order-payments/payment-link-store"
import { noticePageHeaders, noticePageHtml } from "../page-security/index"

/** What a payment link's customer reads once back from the acquirer. */
function linkOutcomeWords(status: string): { title: string; text: string } {
  if (status === "authorized" || status === "captured")
    return {
      title: "Thank you: your payment is received",
      text: "The shop records it on your order. You can close this page.",
    }
  if (status === "pending" || status === "requires_more")
    return {
      title: "Your payment is being confirmed",
      text: "The acquirer has not confirmed it yet; the shop will see it once it does. You can close this page.",
    }
  return {
    title: "The payment was not completed",
    text: "Nothing was charged. Ask the shop for a new payment link to try again.",
  }
}

function returnedFields(req: MedusaRequest): Record<string, unknown> {
  const body =
    req.body && typeof req.body === "object"
      ? (req.body as Record<string, unknown>)
      : {}
  return { ...(req.query as Record<string, unknown>), ...body }
}

export function browserReturn(kind: "return" | "cancel") {
  return async function handle(req: MedusaRequest, res: MedusaResponse) {
    const token = req.params.token
    const sessionId = await sessionOfAttempt(token)
    const { core, status } = await withSessionLock(
      req.scope,
      sessionId,
      async () => {
        const loaded = await loadSession(req.scope, sessionId)
        const confirmed = await confirmBrowserReturn(
          loaded.core,
          loaded.data,
          returnedFields(req)
        )
        if (JSON.stringify(confirmed) !== JSON.stringify(loaded.data))
          await sessionSaver(req.scope, loaded)(confirmed)
        return { core: loaded.core, status: confirmed.status ?? "pending" }
      }
    )
    if (await paymentLinkOfSession(req.scope, sessionId)) {
      res
        .status(200)
        .set(noticePageHeaders())
        .send(noticePageHtml(linkOutcomeWords(status)))
      return
    }
    const target =
      (kind === "cancel" && core.options.storefront_cancel_url) ||
      core.options.storefront_return_url
    const url = new URL(target)
    url.searchParams.set("status", status)
    url.searchParams.set("attempt", token)
    res.redirect(303, url.toString())
  }
}
