/**
 * Opening the acquirer's hosted page for a session, under the session's
 * lock. For the hosted-page route the page's HTML is kept in Medusa's cache
 * (Redis when the store configures it) for a few minutes under the
 * attempt's token, so the browser can load it once by a plain navigation to
 * `/acquiring/pages/{token}`; the checkout route answers the HTML itself and
 * keeps nothing.
 */
import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ICacheService } from "@medusajs/framework/types"
import { openHostedPage, type HostedPage } from "./hosted-checkout"
import {
  loadSession,
  sessionSaver,
  type LoadedSession,
} from "../session-access/session-access"
import {
  assertSessionOwner,
  type SessionOwner,
} from "../payment-sessions/ownership"
import { RefusedFieldError } from "../session-access/store-answers"
import { passVelocity } from "./velocity-check"
import { availableNow } from "../availability/availability-answer"
import { withSessionLock } from "../locking/locks"
import { returnUrlFor } from "../accounts/core"

export const PAGE_TTL_S = 15 * 60

export function pageCacheKey(token: string): string {
  return `acquiring:hosted-page:${token}`
}

/**
 * What the cache holds under a page's token: the page until a browser has
 * loaded it, then only that it was used. `return_url` is the attempt's
 * browser return, where a used address sends the shopper.
 */
export type CachedPage =
  | { html: string; base_url: string; return_url?: string }
  | { used: true; return_url?: string }

/** Null when it was answered already: a velocity limit's 429, or the availability rules' 400. */
export async function openSessionPage(
  req: MedusaRequest,
  res: MedusaResponse,
  sessionId: string,
  {
    keepForNavigation,
    saveCard = false,
  }: { keepForNavigation: boolean; saveCard?: boolean }
): Promise<{ loaded: LoadedSession; page: HostedPage } | null> {
  const scope = req.scope
  const owner = await assertSessionOwner(req, sessionId)
  return withSessionLock(scope, sessionId, async () => {
    const loaded = await loadSession(scope, sessionId)
    if (loaded.core.identifier !== "acquiring-hosted") {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "The hosted page is served only for sessions of the acquiring-hosted provider"
      )
    }
    const keepFor = saveCard ? keepingCustomer(owner, loaded) : undefined
    if (!(await availableNow(res, loaded, loaded.data))) return null
    const gate = await passVelocity(req, res, loaded.core, sessionId)
    if (!gate) return null
    const page = await openHostedPage(
      loaded.core,
      loaded.data,
      sessionSaver(scope, loaded),
      { keep_for: keepFor }
    )
    if (keepForNavigation) {
      const cached: CachedPage = {
        html: page.html,
        base_url: loaded.core.options.base_url,
        return_url: returnUrlFor(loaded.core.options, page.token),
      }
      const cache = scope.resolve<ICacheService>(Modules.CACHE)
      await cache.set(pageCacheKey(page.token), cached, PAGE_TTL_S)
    }
    return { loaded, page }
  })
}

/** The signed-in customer the card typed on the page is kept for; anyone else is refused by name. */
function keepingCustomer(owner: SessionOwner, loaded: LoadedSession): string {
  if (!owner.signed_in || !owner.customer_id)
    throw new RefusedFieldError({
      field: "save_card",
      reason: "only a signed-in customer can keep a card",
    })
  if (!loaded.core.options.saved_cards.enabled)
    throw new RefusedFieldError({
      field: "save_card",
      reason: "this store does not keep cards",
    })
  return owner.customer_id
}
