export type {
  AcquiringChargebackView,
  ChargebackListAnswer,
  ChargebackState,
} from "../../admin-contract/chargebacks"
import {
  CHARGEBACK_SEARCH,
  type ChargebackState,
} from "../../admin-contract/chargebacks"

/** What the Chargebacks page filters by: dates are YYYY-MM-DD, whole UTC days as the server reads them. */
export interface ChargebackFilters {
  status?: ChargebackState
  opened_from?: string
  opened_to?: string
  respond_by_to?: string
  q?: string
  limit: number
  offset: number
}

/** Why the search box's text cannot be searched, or nothing when it can (or is empty). */
export function searchMistake(q: string): string | undefined {
  const text = q.trim()
  if (!text || CHARGEBACK_SEARCH.test(text)) return undefined
  return "Search by an order as the admin shows it (#12), the acquirer's order number, the transaction id or the chargeback reference: up to 60 letters, digits or _ . : -"
}

/** The filters alone, without the page. */
export function withoutPage({
  limit,
  offset,
  ...filters
}: ChargebackFilters): Omit<ChargebackFilters, "limit" | "offset"> {
  void limit
  void offset
  return filters
}

/** The list's query, without its page: the CSV export asks for the same rows. */
export function chargebackFilterQuery(
  filters: Omit<ChargebackFilters, "limit" | "offset">
): Record<string, string> {
  const query: Record<string, string> = {}
  if (filters.status) query.status = filters.status
  if (filters.opened_from) query.opened_from = filters.opened_from
  if (filters.opened_to) query.opened_to = filters.opened_to
  if (filters.respond_by_to) query.respond_by_to = filters.respond_by_to
  const q = filters.q?.trim()
  if (q && !searchMistake(q)) query.q = q
  return query
}

/** The list's query: the filters and the page. */
export function chargebackListQuery(
  filters: ChargebackFilters
): Record<string, string> {
  return {
    ...chargebackFilterQuery(filters),
    limit: String(filters.limit),
    offset: String(filters.offset),
  }
}

/** The export's file name from the server's Content-Disposition, else one of today's date. */
export function exportFileName(
  disposition: string | null,
  today: Date = new Date()
): string {
  const named = /filename="?([^";]+)"?/i.exec(disposition ?? "")
  return named?.[1] ?? `chargebacks-${today.toISOString().slice(0, 10)}.csv`
}
