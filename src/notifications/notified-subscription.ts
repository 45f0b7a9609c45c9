/**
 * A first payment's subscription, kept from its verified notification: the
 * status query that confirms the payment names no subscription, and a
 * hosted page's shopper may never come back through the return page that
 * would carry it. Kept only for a session that asked for one, whose
 * payment the notification is about, and only while it knows no other
 * subscription: a kept one never changes.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { withSessionLock } from "../locking/locks"
import { subscriptionFromResult } from "../payment-sessions/subscription"
import { loadSession, sessionSaver } from "../session-access/session-access"
import type { NotifiedSubscription } from "./notification"

export async function keepNotifiedSubscription(
  scope: MedusaContainer,
  sessionId: string,
  orderNo: string,
  notified: NotifiedSubscription
): Promise<void> {
  await withSessionLock(scope, sessionId, async () => {
    const loaded = await loadSession(scope, sessionId)
    const current = loaded.data.subscription
    if (!current?.order || current.recurring_id) return
    if (!loaded.data.attempts?.some((a) => a.order_no === orderNo)) return
    const next = subscriptionFromResult(current, notified)
    if (next)
      await sessionSaver(scope, loaded)({ ...loaded.data, subscription: next })
  })
}
