/**
 * POST /store/acquiring/payment-sessions/:session_id/hosted-page
 * Opens the acquirer's page and answers `{ url }`: a URL on this backend the
 * browser navigates to (the page's own script then posts the shopper on).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { HostedPageBody } from "../../../../../../providers/acquiring/storefront-input/card-entry"
import { openSessionPage } from "../../hosted-page"
import { answering } from "../../store-answers"

/** The body was validated by `validateBody(HostedPageBodySchema)` in middlewares.ts. */
export async function POST(
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
