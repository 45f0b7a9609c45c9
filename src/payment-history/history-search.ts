/** The history search: every payment's requests and events, newest first, by order, transaction, operation, outcome and time. */
import type { MedusaContainer } from "@medusajs/framework/types"
import type {
  HistorySearchAnswer,
  HistorySearchQueryType,
  PaymentHistoryEntry,
} from "../admin-contract/payment-history"
import { acquiringModule } from "../modules/acquiring/module-access"
import type { HistoryRow } from "../modules/acquiring/service"
import { orderNosOfOrders } from "../order-payments/order-payments"
import { journalEntry } from "./journal-entries"
import { refusalEntry, refusedNotifications } from "./refused-entries"
import { eventEntry } from "./timeline"
import { adminNames } from "./admin-people"

const DISPLAY_ID = /^#?(\d{1,9})$/

function entryOf(
  row: HistoryRow,
  names: ReadonlyMap<string, string>
): PaymentHistoryEntry {
  if (row.source === "refused" && row.reason)
    return refusalEntry({
      ...row,
      reason: row.reason,
      count: Number(row.count ?? 0),
      hour: row.hour ?? row.created_at,
      first_seen_at: row.first_seen_at ?? row.created_at,
      last_seen_at: row.created_at,
    })
  if (row.source === "request" && row.kind)
    return journalEntry({
      ...row,
      kind: row.kind,
      state: row.outcome as Parameters<typeof journalEntry>[0]["state"],
      order_no: row.order_no ?? "",
      tries: row.tries ?? 1,
    })
  return eventEntry(
    {
      ...row,
      kind: row.source as PaymentHistoryEntry["source"] &
        Exclude<PaymentHistoryEntry["source"], "request">,
      summary: row.summary ?? "",
    },
    names
  )
}

export async function searchHistory(
  container: MedusaContainer,
  query: HistorySearchQueryType
): Promise<HistorySearchAnswer> {
  let orderNos: string[] | undefined
  if (query.order) {
    const display = DISPLAY_ID.exec(query.order)
    const { order_nos } = await orderNosOfOrders(container, [
      display ? { display_id: Number(display[1]) } : { id: query.order },
    ])
    orderNos = order_nos
  }
  if (query.order_no)
    orderNos = orderNos
      ? orderNos.filter((n) => n === query.order_no)
      : [query.order_no]
  const [{ rows, count }, refused] = await Promise.all([
    acquiringModule().searchPaymentHistory(
      {
        order_no: orderNos,
        transaction_id: query.transaction_id,
        operation: query.operation,
        outcome: query.outcome,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      },
      { limit: query.limit, offset: query.offset }
    ),
    refusedNotifications(),
  ])
  const names = await adminNames(
    container,
    rows.filter((row) => row.source === "admin").map((row) => row.actor)
  )
  return {
    entries: rows.map((row) => entryOf(row, names)),
    count,
    limit: query.limit,
    offset: query.offset,
    refused_notifications: refused,
  }
}
