export type {
  PayoutStatus,
  PayoutRow,
  PayoutDetail,
  PayoutList,
} from "../../admin-contract/payouts"
import type { PayoutStatus } from "../../admin-contract/payouts"

export interface PayoutFilters {
  status?: PayoutStatus
  currency?: string
  q?: string
  created_from?: string
  created_to?: string
  limit: number
  offset: number
}

/** The query string of the list route: created_at[gte] / [lte] from the date inputs. */
export function listQuery(filters: PayoutFilters): Record<string, unknown> {
  const created_at: Record<string, string> = {}
  if (filters.created_from) created_at.gte = filters.created_from
  if (filters.created_to) created_at.lte = `${filters.created_to}T23:59:59.999Z`
  return {
    limit: filters.limit,
    offset: filters.offset,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.currency ? { currency: filters.currency } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    ...(Object.keys(created_at).length ? { created_at } : {}),
  }
}
