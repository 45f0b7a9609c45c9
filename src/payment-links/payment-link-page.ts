/**
 * GET /acquiring/pay/:token, the address of a payment link: a plain browser
 * navigation, no publishable key (the token is the key, and no storefront
 * is needed). The link opens the acquirer's hosted page for its session
 * once: the opening is claimed by one conditional UPDATE under the
 * session's lock, so two clicks at once open one page; the page itself is
 * the hosted-page path's (attempt, journal, velocity limits). A link that
 * is paid, used or expired answers 410 with a short page saying so; one
 * that does not exist 404; a token of the wrong shape 400. A HEAD request
 * opens nothing.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { withSessionLock } from "../locking/locks"
import { loggerOf } from "../order-payments/payment-store"
import {
  claimPaymentLink,
  paymentLinkByTokenHash,
  releasePaymentLink,
  withPaymentsRecorded,
  type PaymentLinkRow,
} from "../order-payments/payment-link-store"
import {
  hostedPageHeaders,
  noticePageHeaders,
  noticePageHtml,
} from "../page-security/index"
import {
  PaymentsUnavailableError,
  reportUnavailable,
} from "../accounts/payments-unavailable"
import { openHostedPage } from "../authorization/hosted-checkout"
import { linkVerdict, refusalWords } from "./payment-link-state"
import { hashLinkToken, isLinkToken } from "./payment-link-token"
import { clientContextOf } from "../payment-sessions/cart-snapshot-loader"
import { loadSession, sessionSaver } from "../session-access/session-access"
import { passVelocity } from "../authorization/velocity-check"

const UNAVAILABLE = {
  title: "The payment page could not be opened",
  text: "Please try the link again in a few minutes. If it keeps failing, ask us for help.",
}

function isNotFound(error: unknown): boolean {
  return (
    MedusaError.isMedusaError(error) &&
    error.type === MedusaError.Types.NOT_FOUND
  )
}

function notice(
  res: MedusaResponse,
  status: number,
  words: { title: string; text: string }
): void {
  res.status(status).set(noticePageHeaders()).send(noticePageHtml(words))
}

export async function paymentLinkPage(req: MedusaRequest, res: MedusaResponse) {
  const token = req.params.token
  if (!isLinkToken(token)) {
    notice(res, 400, {
      title: "This is not a payment link",
      text: "Check that the whole link was copied, or ask us for a new one.",
    })
    return
  }
  const found = await paymentLinkByTokenHash(req.scope, hashLinkToken(token))
  if (!found) {
    notice(res, 404, {
      title: "This payment link does not exist",
      text: "Check that the whole link was copied, or ask us for a new one.",
    })
    return
  }
  const now = new Date()
  const [link] = await withPaymentsRecorded(req.scope, [found], now)
  const verdict = linkVerdict(link, now)
  if (verdict !== "open") {
    notice(res, 410, refusalWords(verdict))
    return
  }
  if (req.method !== "GET") {
    res.status(200).set(noticePageHeaders()).end()
    return
  }
  await openLinkPage(req, res, link, now)
}

async function openLinkPage(
  req: MedusaRequest,
  res: MedusaResponse,
  link: PaymentLinkRow,
  now: Date
): Promise<void> {
  const scope = req.scope
  const sessionId = link.payment_session_id
  await withSessionLock(scope, sessionId, async () => {
    let loaded
    try {
      loaded = await loadSession(scope, sessionId)
    } catch (error) {
      if (error instanceof PaymentsUnavailableError) {
        reportUnavailable(loggerOf(scope), error)
        notice(res, 503, UNAVAILABLE)
        return
      }
      if (!isNotFound(error)) throw error
      // Medusa keeps one session per collection: a newer link (or a payment made otherwise) replaced it
      notice(res, 410, refusalWords("expired"))
      return
    }
    const gate = await passVelocity(req, res, loaded.core, sessionId)
    if (!gate) return
    if (!(await claimPaymentLink(scope, link.id, now))) {
      notice(res, 410, refusalWords("used"))
      return
    }
    try {
      // the shopper's own browser, not the admin's who made the link
      const data = {
        ...loaded.data,
        client: clientContextOf(req, loaded.core.options.ip_country_header),
      }
      // a lapsed subscription card replaced: the new one is kept for its customer, where the store keeps cards
      const keepFor = loaded.core.options.saved_cards.enabled
        ? loaded.data.keep_card_for
        : undefined
      const page = await openHostedPage(
        loaded.core,
        data,
        sessionSaver(scope, loaded),
        { keep_for: keepFor }
      )
      res
        .status(200)
        .set(
          hostedPageHeaders(page.html, {
            acquirer_origins: [loaded.core.options.base_url],
          })
        )
        .send(page.html)
    } catch (error) {
      await releasePaymentLink(scope, link.id, now)
      loaded.core.log(
        "warn",
        `payment link ${link.id} could not open its page`,
        {
          error,
        }
      )
      notice(res, 503, UNAVAILABLE)
    }
  })
}
