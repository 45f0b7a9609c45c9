/**
 * GET /acquiring/pages/:token
 * The acquirer's page opened by POST /store/acquiring/payment-sessions/:id/hosted-page,
 * served to a plain browser navigation (no publishable key needed: the token is the key).
 *
 * The address is good for one load: the page carries the shopper's order
 * (amount, e-mail, addresses) and the acquirer's payment token, and its
 * script posts the shopper on at once, so a second load is never the
 * shopper paying (it is Back from the acquirer's page, a reload, or someone
 * else holding the address: the token also travels in the browser return
 * and the storefront's `?attempt=`). A used address answers 410 with a
 * short page that sends the shopper through the browser return, which
 * confirms the outcome with the acquirer and lands on the storefront's
 * return page; an unknown or expired one answers 404 with a page saying
 * so. A HEAD request does not use the address up.
 */
import { Modules } from "@medusajs/framework/utils"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ICacheService } from "@medusajs/framework/types"
import { isAttemptToken } from "../payment-sessions/order-number"
import { PAGE_TTL_S, pageCacheKey, type CachedPage } from "./hosted-page"
import {
  hostedPageHeaders,
  noticePageHeaders,
  noticePageHtml,
} from "../page-security/index"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const token = req.params.token
  const cache = req.scope.resolve<ICacheService>(Modules.CACHE)
  const key = isAttemptToken(token) ? pageCacheKey(token) : undefined
  const entry = key ? await cache.get<CachedPage>(key) : null

  if (entry && "html" in entry) {
    if (req.method === "GET") {
      const used: CachedPage = { used: true, return_url: entry.return_url }
      await cache.set(key!, used, PAGE_TTL_S)
    }
    res
      .status(200)
      .set(
        hostedPageHeaders(entry.html, { acquirer_origins: [entry.base_url] })
      )
      .send(entry.html)
    return
  }

  res.set(noticePageHeaders())
  if (entry) {
    res.status(410).send(
      noticePageHtml({
        title: "This payment page was already opened",
        text: "A payment page can be opened once. If you paid, the shop is confirming your payment; if not, you can start the payment again from the shop.",
        link: entry.return_url
          ? { href: entry.return_url, label: "Back to the shop" }
          : undefined,
      })
    )
    return
  }
  res.status(404).send(
    noticePageHtml({
      title: "This payment page has expired",
      text: "Go back to the shop's checkout and start the payment again.",
    })
  )
}
