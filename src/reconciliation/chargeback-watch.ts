/**
 * Chargebacks arrive weeks after the sale, past the reconcile's window of
 * recent payments. Each run asks the status query about the next slice of
 * older captured payments (a cursor in Medusa's cache, shared by every
 * worker), so a chargeback whose notification was lost is still found: each
 * payment captured within `watch_days` is asked about every
 * `watch_days * per_run / captured payments` runs or sooner.
 */
import type { ICacheService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { paymentLists } from "../order-payments/payment-store"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { reconcilePayments } from "./payments"

const CURSOR_KEY = "acquiring:chargeback-watch:cursor"
/**
 * How long the cursor outlives a run (seconds): a week covers any gap
 * between runs. Medusa's in-memory cache drops an entry with a Node timer,
 * and a timer past 24.8 days fires at once: 30 days lost the cursor at
 * every run, so a store without Redis asked the same first slice forever.
 */
const CURSOR_TTL_S = 7 * 86_400

export interface WatchOptions {
  now?: Date
  /** how long after capture a chargeback is looked for */
  watch_days?: number
  /** payments asked about per run */
  per_run?: number
  /** payments younger than this are the reconcile's (its window) */
  recent_ms?: number
}

export async function watchChargebacks(
  container: MedusaContainer,
  options: WatchOptions = {}
): Promise<number> {
  const now = (options.now ?? new Date()).getTime()
  const days = options.watch_days ?? 120
  const cache = container.resolve<ICacheService>(Modules.CACHE)
  const after = (await cache.get<string>(CURSOR_KEY)) ?? ""
  const lists = paymentLists(container)
  const slice = await lists.listPayments(
    // the module compares ids and dates with operators its filter type leaves out
    {
      provider_id: { $like: "pp_acquiring-%" },
      captured_at: { $gt: new Date(now - days * 86_400_000).toISOString() },
      created_at: {
        $lte: new Date(now - (options.recent_ms ?? 7 * 86_400_000)),
      },
      ...(after ? { id: { $gt: after } } : {}),
    } as unknown as Parameters<typeof lists.listPayments>[0],
    {
      select: ["id", "provider_id", "data", "captured_at", "canceled_at"],
      order: { id: "ASC" },
      take: options.per_run ?? 100,
    }
  )
  // at the end of the list the next run starts over
  await cache.set(CURSOR_KEY, slice.at(-1)?.id ?? "", CURSOR_TTL_S)
  const watched = slice.filter(
    (p) => isAcquiringProvider(p.provider_id) && !p.canceled_at
  )
  if (watched.length) await reconcilePayments(container, watched)
  return watched.length
}
