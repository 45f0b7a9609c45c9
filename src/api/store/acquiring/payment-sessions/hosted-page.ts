/**
 * Opening the acquirer's hosted page for a session, under the session's
 * lock. The page's HTML is kept in Medusa's cache (Redis when the store
 * configures it) for a few minutes under the attempt's token, so the browser
 * can load it by a plain navigation to `/acquiring/pages/{token}`.
 */
import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { ICacheService, MedusaContainer } from "@medusajs/framework/types"
import {
  openHostedPage,
  type HostedPage,
} from "../../../../providers/acquiring/money/hosted-checkout"
import {
  loadSession,
  sessionSaver,
  withSessionLock,
  type LoadedSession,
} from "./session-access"

export const PAGE_TTL_S = 15 * 60

export function pageCacheKey(token: string): string {
  return `acquiring:hosted-page:${token}`
}

export async function openSessionPage(
  scope: MedusaContainer,
  sessionId: string
): Promise<{ loaded: LoadedSession; page: HostedPage }> {
  return withSessionLock(scope, sessionId, async () => {
    const loaded = await loadSession(scope, sessionId)
    if (loaded.core.identifier !== "acquiring-hosted") {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "The hosted page is served only for sessions of the acquiring-hosted provider"
      )
    }
    const page = await openHostedPage(
      loaded.core,
      loaded.data,
      sessionSaver(scope, loaded)
    )
    const cache = scope.resolve<ICacheService>(Modules.CACHE)
    await cache.set(
      pageCacheKey(page.token),
      { html: page.html, base_url: loaded.core.options.base_url },
      PAGE_TTL_S
    )
    return { loaded, page }
  })
}
