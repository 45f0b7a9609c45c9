/**
 * GET /store/acquiring/payment-sessions/:session_id/checkout
 * The acquirer's HTML page itself, for storefronts that render it server-side.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { hostedPageHeaders } from "../../../../../../page-security"
import { openSessionPage } from "../../hosted-page"
import { answering } from "../../store-answers"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
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
