/**
 * The two ways a storefront gets the acquirer's hosted page for a session:
 * a one-time link on this backend (`…/hosted-page`) or the HTML itself
 * (`…/checkout`, for storefronts that render it server-side).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { hostedPageHeaders } from "../page-security/index"
import type { HostedPageBody } from "./card-entry"
import { openSessionPage } from "./hosted-page"
import { answering } from "../session-access/store-answers"

/**
 * POST /store/acquiring/payment-sessions/:session_id/hosted-page
 * Opens the acquirer's page and answers `{ url }`: a URL on this backend the
 * browser navigates to (the page's own script then posts the shopper on).
 * The body was validated by `validateBody(HostedPageBodySchema)` in middlewares.ts.
 */
export async function hostedPageLinkRoute(
  req: MedusaRequest<HostedPageBody>,
  res: MedusaResponse
) {
  await answering(res, async () => {
    const opened = await openSessionPage(req, res, req.params.session_id, {
      keepForNavigation: true,
      saveCard: req.validatedBody.save_card === true,
    })
    if (!opened) return
    const url = `${opened.loaded.core.options.backend_url}/acquiring/pages/${opened.page.token}`
    res.status(200).json({ url })
  })
}

/** GET /store/acquiring/payment-sessions/:session_id/checkout: the acquirer's HTML page itself. */
export async function hostedPageHtmlRoute(
  req: MedusaRequest,
  res: MedusaResponse
) {
  await answering(res, async () => {
    const opened = await openSessionPage(req, res, req.params.session_id, {
      keepForNavigation: false,
    })
    if (!opened) return
    const headers = hostedPageHeaders(opened.page.html, {
      acquirer_origins: [opened.loaded.core.options.base_url],
    })
    res.status(200).set(headers).send(opened.page.html)
  })
}
