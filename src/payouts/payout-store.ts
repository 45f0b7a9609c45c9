/** The payouts of the plugin's module, as the workflows, routes and job read and move them. */
import type AcquiringModuleService from "../modules/acquiring/service"
import type { PayoutTransitionFields } from "../modules/acquiring/service"
import type { AcquiringPayoutRow } from "../modules/acquiring/types"
import type { PayoutRecord } from "./payout-record"

export const ACQUIRING_MODULE = "acquiring"

export type StoredPayout = AcquiringPayoutRow
export type PayoutStatus = StoredPayout["status"]

export const FINAL_STATUSES: readonly PayoutStatus[] = ["COMPLETED", "FAILED"]
export const OPEN_STATUSES: readonly PayoutStatus[] = [
  "sending",
  "unknown",
  "PENDING",
]

interface Scope {
  resolve<T = unknown>(key: string): T
}

function payoutModule(scope: Scope): AcquiringModuleService {
  return scope.resolve<AcquiringModuleService>(ACQUIRING_MODULE)
}

export async function insertPayout(
  scope: Scope,
  record: PayoutRecord & Pick<StoredPayout, "account">
): Promise<StoredPayout> {
  return payoutModule(scope).createAcquiringPayouts(record)
}

export async function loadPayout(
  scope: Scope,
  id: string
): Promise<StoredPayout> {
  return payoutModule(scope).retrieveAcquiringPayout(id)
}

export async function findPayout(
  scope: Scope,
  filter: {
    request_id?: string
    transaction_id?: string
    idempotency_key?: string
  }
): Promise<StoredPayout | undefined> {
  const [payout] = await payoutModule(scope).listAcquiringPayouts(filter, {
    take: 1,
  })
  return payout
}

/** A page of payouts, newest first; `filters` as the module's ORM reads them ($-operators). */
export async function listPayouts(
  scope: Scope,
  filters: Record<string, unknown>,
  page: { skip: number; take: number }
): Promise<[StoredPayout[], number]> {
  return payoutModule(scope).listAndCountAcquiringPayouts(filters, {
    ...page,
    order: { created_at: "DESC", id: "DESC" },
  })
}

/** Open payouts not updated since `before`, the quietest first. */
export async function quietOpenPayouts(
  scope: Scope,
  before: Date,
  limit: number
): Promise<StoredPayout[]> {
  return payoutModule(scope).listAcquiringPayouts(
    {
      status: ["sending", "unknown", "PENDING"],
      updated_at: { $lte: before },
    },
    { take: limit, order: { updated_at: "ASC" } }
  )
}

/** Counts one more request sent for the payout. */
export async function countPayoutTry(
  scope: Scope,
  payout: Pick<StoredPayout, "id">
): Promise<void> {
  await payoutModule(scope).countAcquiringPayoutTry(payout.id)
}

/** Which statuses each new status may replace: never a final one, never PENDING by a local guess. */
export function allowedFrom(to: PayoutStatus): readonly PayoutStatus[] {
  switch (to) {
    case "sending":
      return []
    case "unknown":
      return ["sending", "unknown"]
    case "PENDING":
      return OPEN_STATUSES
    case "COMPLETED":
    case "FAILED":
      return OPEN_STATUSES
  }
}

export async function movePayout(
  scope: Scope,
  payout: Pick<StoredPayout, "id">,
  fields: PayoutTransitionFields & { status: PayoutStatus }
): Promise<boolean> {
  return payoutModule(scope).transitionAcquiringPayout(
    payout.id,
    allowedFrom(fields.status),
    fields
  )
}
