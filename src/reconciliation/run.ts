/** One reconciliation run: what the job does every 15 minutes (tests call it directly). */
import type { MedusaContainer } from "@medusajs/framework/types"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { readSessions } from "../payment-sessions/session-store"
import { heldButUnrecorded } from "../payment-sessions/transitions"
import { settleAbandoned } from "./abandoned"
import { loggerOf, paymentLists } from "../order-payments/payment-store"
import { reconcilePayments } from "./payments"
import { retryLostCaptures } from "../capture/capture-when-due"
import { reconcileSessions } from "./sessions"
import { STORED_SESSION_FIELDS } from "../order-payments/payment-store"
import { settleKnownOperations } from "./journal-settlement"
import { watchDeductions } from "../renewals/deduction-watch"

export interface ReconcileOptions {
  /** leave sessions touched this recently to the shopper and the notification */
  quiet_ms?: number
  /** an authorised session without an order this old is completed or released */
  abandoned_ms?: number
  /** how far back payments are compared with the acquirer */
  payments_window_ms?: number
  now?: Date
}

const PAGE = 100
const SESSION_FIELDS = [...STORED_SESSION_FIELDS, "updated_at"]
const MAX_PAGES = 20

async function pages<T>(list: (skip: number) => Promise<T[]>): Promise<T[]> {
  // read every page before acting: a reconciled row leaves the filter and would shift later pages
  const all: T[] = []
  for (let page = 0; page < MAX_PAGES; page++) {
    const rows = await list(page * PAGE)
    all.push(...rows)
    if (rows.length < PAGE) break
  }
  return all
}

export async function reconcileAcquiring(
  container: MedusaContainer,
  options: ReconcileOptions = {}
): Promise<void> {
  const now = (options.now ?? new Date()).getTime()
  const quiet = options.quiet_ms ?? 10 * 60_000
  const abandoned = options.abandoned_ms ?? 60 * 60_000
  const window = options.payments_window_ms ?? 7 * 86_400_000
  const payments = paymentLists(container)
  const provider_id = { $like: "pp_acquiring-%" }

  const open = await pages((skip) =>
    payments.listPaymentSessions(
      {
        provider_id,
        status: ["pending", "requires_more"],
        updated_at: {
          $lte: new Date(now - quiet),
          $gt: new Date(now - 2 * 86_400_000),
        },
      },
      {
        select: SESSION_FIELDS,
        order: { updated_at: "ASC", id: "ASC" },
        skip,
        take: PAGE,
      }
    )
  )
  // bank transfers awaited for days (the acquirer lapses them after its own lifetime): asked until they end
  const awaited = await pages((skip) =>
    payments.listPaymentSessions(
      {
        provider_id,
        status: ["pending_authorization"],
        updated_at: { $lte: new Date(now - quiet) },
      },
      {
        select: SESSION_FIELDS,
        order: { updated_at: "ASC", id: "ASC" },
        skip,
        take: PAGE,
      }
    )
  )
  const openAcquiring = open.filter((s) => isAcquiringProvider(s.provider_id))
  const justAnswered = await reconcileSessions(container, [
    ...openAcquiring,
    ...awaited.filter((s) => isAcquiringProvider(s.provider_id)),
  ])
  // still waiting in Medusa this long with the money held: recorded now, or released
  const stale = openAcquiring.filter(
    (s) => new Date(s.updated_at).getTime() <= now - abandoned
  )
  const staleStates = await readSessions(stale.map((s) => s.data))
  const unrecorded = stale.filter((_, i) => heldButUnrecorded(staleStates[i]))

  const authorized = await pages((skip) =>
    payments.listPaymentSessions(
      {
        provider_id,
        status: ["authorized", "captured"],
        updated_at: {
          $lte: new Date(now - abandoned),
          $gt: new Date(now - window),
        },
      },
      {
        select: SESSION_FIELDS,
        relations: ["payment"],
        order: { updated_at: "ASC", id: "ASC" },
        skip,
        take: PAGE,
      }
    )
  )
  const orphans = authorized.filter(
    (s) => isAcquiringProvider(s.provider_id) && !s.payment
  )
  const orphanStates = await readSessions(orphans.map((s) => s.data))
  await settleAbandoned(container, [
    ...unrecorded,
    ...orphans.filter((_, i) => orphanStates[i].status !== "canceled"),
  ])

  const live = await pages((skip) =>
    payments.listPayments(
      { provider_id, created_at: { $gt: new Date(now - window) } },
      {
        select: ["id", "provider_id", "data", "captured_at", "canceled_at"],
        order: { created_at: "ASC", id: "ASC" },
        skip,
        take: PAGE,
      }
    )
  )
  const acquiring = live.filter((p) => isAcquiringProvider(p.provider_id))
  const states = await readSessions(acquiring.map((p) => p.data))
  await reconcilePayments(
    container,
    acquiring.filter((p, i) => {
      const data = states[i]
      // made from an answer of this very run: the next run compares it again
      if (data.order_no && justAnswered.has(data.order_no)) return false
      // settled for good: voided, or captured with nothing left to refund
      return !!data.void_pending || !p.canceled_at
    })
  )
  // after the comparison recorded what the acquirer made: only captures still not made are sent again
  await retryLostCaptures(
    container,
    acquiring.filter((p) => !p.captured_at && !p.canceled_at)
  )
  // subscriptions' deductions whose notification never came, and renewal orders left unfinished
  const deductions = await watchDeductions(container)
  if (deductions.found || deductions.finished)
    loggerOf(container).info(
      `[acquiring] ${deductions.found} subscription deduction(s) found by the status query, ${deductions.finished} renewal order(s) finished`
    )
  // last: what this run learned is on the payments now
  const settled = await settleKnownOperations(now, quiet)
  if (settled.length)
    loggerOf(container).info(
      `[acquiring] ${settled.length} journalled operation(s) whose answer was lost settled from their payments' recorded outcome`
    )
}
