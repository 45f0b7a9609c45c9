/**
 * Payment sessions whose attempts' outcomes the plugin does not know yet (a
 * lost answer, a hosted page or 3-D Secure challenge never returned from, a
 * notification lost) are confirmed with as few status queries as the limits
 * allow. Authorised and captured ones go through Medusa's
 * processPaymentWorkflow (which completes the cart, as a notification
 * would); failed, voided and absent ones are recorded; money held by an
 * attempt no order uses is given back.
 */
import { withKeptCard } from "../saved-cards/kept-card"
import type { MedusaContainer } from "@medusajs/framework/types"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { ProviderCore } from "../accounts/core"
import { choiceOf, coreFor } from "../accounts/registry"
import { applyLookups } from "../acquirer-calls/settle-attempts"
import { voidSurplus } from "../cancellation/void"
import { lookupOrders } from "../acquirer-calls/status-query"
import type { SessionData } from "../payment-sessions/session-data"
import { readSession } from "../payment-sessions/session-store"
import {
  heldButUnrecorded,
  isWaiting,
  surplusAttempts,
} from "../payment-sessions/transitions"
import { withLedger } from "../payment-sessions/session-data"
import {
  loggerOf,
  saveSessionData,
  type PaymentSessionRow,
  STORED_SESSION_FIELDS,
} from "../order-payments/payment-store"
import { thrownMessage } from "../journal/errors"
import { settleAwaitedTransfer } from "../bank-transfers/settle-transfer"
import { withSessionLock } from "../locking/locks"

export type StoredSession = Pick<
  PaymentSessionRow,
  (typeof STORED_SESSION_FIELDS)[number]
>

const kindOf = (core: ProviderCore) =>
  core.identifier === "acquiring-card" ? "authorise" : "checkout"

function openOrderNumbers(data: SessionData): string[] {
  return (data.attempts ?? [])
    .filter((a) => isWaiting(a.state) || a.state === "absent")
    .map((a) => a.order_no)
}

/**
 * Returns the order numbers the acquirer has just answered for: what the run
 * learned is stored on the sessions, so the payments their completion creates
 * need no second query in the same run.
 */
export async function reconcileSessions(
  container: MedusaContainer,
  sessions: StoredSession[]
): Promise<Set<string>> {
  const answered = new Set<string>()
  const byCore = new Map<
    string,
    {
      core: ProviderCore
      items: { session: StoredSession; data: SessionData }[]
    }
  >()
  for (const session of sessions) {
    const stored = await readSession(session.data)
    // a payment stays with the account it began with; one that cannot be reached now waits for the next run
    const core = await coreFor(
      container,
      session.provider_id,
      choiceOf(stored)
    ).catch(() => null)
    if (!core) continue
    const data = withLedger(stored, kindOf(core))
    if (
      !openOrderNumbers(data).length &&
      !surplusAttempts(data).length &&
      !heldButUnrecorded(data) &&
      session.status !== "pending_authorization"
    )
      continue
    // one status query per provider and account
    const key = `${core.provider_id}|${core.account.id ?? ""}`
    const group = byCore.get(key) ?? { core, items: [] }
    group.items.push({ session, data })
    byCore.set(key, group)
  }
  for (const { core, items } of byCore.values()) {
    // one look-up for every open attempt of every session of this core
    const answers = await lookupOrders(
      core,
      items.flatMap((i) => openOrderNumbers(i.data))
    )
    for (const [orderNo, answer] of answers)
      if (answer.kind === "found") answered.add(orderNo)
    for (const { session } of items) {
      try {
        await reconcileOne(container, core, session, answers)
      } catch (error) {
        loggerOf(container).warn(
          `[acquiring] reconciling ${session.id} failed: ${thrownMessage(error)}`
        )
      }
    }
  }
  return answered
}

/**
 * The acquirer's answers applied to the session as it is now: read again
 * under the session's lock, because the shopper may have acted while the
 * status query was out (a retry after a decline, recorded by the card
 * route under the same lock), and the state is written whole, so a save of
 * what was read before would drop that retry's approved attempt.
 */
async function reconcileOne(
  container: MedusaContainer,
  core: ProviderCore,
  session: StoredSession,
  answers: Parameters<typeof applyLookups>[2]
): Promise<void> {
  // an awaited transfer's end is recorded on its order by Medusa's deferred-payment workflow
  const awaited = session.status === "pending_authorization"
  const data = await withSessionLock(container, session.id, async () => {
    const before = withLedger(await readSession(session.data), kindOf(core))
    let settled = await withKeptCard(applyLookups(core, before, answers).data)
    for (const attempt of surplusAttempts(settled))
      settled = await voidSurplus(core, settled, attempt)
    if (JSON.stringify(settled) !== JSON.stringify(before))
      await saveSessionData(container, session, settled, {
        keepStatus: awaited,
      })
    return settled
  })
  if (awaited) {
    await settleAwaitedTransfer(container, session.id)
    return
  }
  if (data.status === "authorized" || data.status === "captured") {
    await processPaymentWorkflow(container).run({
      input: {
        action: data.status,
        data: { session_id: session.id, amount: data.amount ?? "0" },
      },
      throwOnError: false,
    })
  }
}
