/**
 * GET /acquiring/pages/:token
 * The acquirer's page opened by POST /store/acquiring/payment-sessions/:id/hosted-page,
 * served to a plain browser navigation (no publishable key needed: the token is the key).
 */
import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ICacheService } from "@medusajs/framework/types"
import { isAttemptToken } from "../../../../providers/acquiring/session/order-number"
import { pageCacheKey } from "../../../store/acquiring/payment-sessions/hosted-page"
import { hostedPageHeaders } from "../../../../page-security"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const token = req.params.token
  const cache = req.scope.resolve<ICacheService>(Modules.CACHE)
  const page = isAttemptToken(token)
    ? await cache.get<{ html: string; base_url: string }>(pageCacheKey(token))
    : null
  if (!page)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      "This payment page has expired; go back to the checkout and start again"
    )
  res
    .status(200)
    .set(hostedPageHeaders(page.html, { acquirer_origins: [page.base_url] }))
    .send(page.html)
}
