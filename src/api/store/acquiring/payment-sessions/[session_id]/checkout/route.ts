/**
 * GET /store/acquiring/payment-sessions/:session_id/checkout
 * The acquirer's HTML page itself, for storefronts that render it server-side.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { hostedPageHeaders } from "../../../../../acquiring/pages/page-headers"
import { openSessionPage } from "../../hosted-page"
import { answering } from "../../store-answers"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  await answering(res, async () => {
    const { loaded, page } = await openSessionPage(
      req.scope,
      req.params.session_id
    )
    res
      .status(200)
      .set(hostedPageHeaders(page.html, loaded.core.options.base_url))
      .send(page.html)
  })
}
