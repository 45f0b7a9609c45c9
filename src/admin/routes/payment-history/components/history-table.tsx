/**
 * The Payment history page's entries, newest first: when, the order (linked
 * where Medusa knows it) with the acquirer's order number and the
 * transaction id, what happened with its amount and how long a request
 * took, and its outcome.
 */
import { Badge, Table, Text } from "@medusajs/ui"
import { ListTable } from "../../../components/list-table"
import { OrderLink } from "../../../components/order-link"
import { entryOrders, type OrderRef } from "../../../lib/history-orders"
import {
  historyEntryView,
  type PaymentHistoryEntry,
} from "../../../lib/payment-history-text"

const COLUMNS = ["Time", "Order", "What happened", "Outcome"]

function OrderCell({
  entry,
  order,
}: {
  entry: PaymentHistoryEntry
  order?: OrderRef
}) {
  return (
    <div className="flex flex-col">
      {order && <OrderLink order={order} />}
      {entry.order_no && <Text size="xsmall">{entry.order_no}</Text>}
      {entry.transaction_id && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {entry.transaction_id}
        </Text>
      )}
    </div>
  )
}

export function HistoryTable({
  entries,
  orderOfPayment = new Map(),
  state,
}: {
  entries: PaymentHistoryEntry[]
  /** Medusa's order of each payment on the page */
  orderOfPayment?: ReadonlyMap<string, OrderRef>
  /** what to say instead of rows */
  state?: string
}) {
  const orders = entryOrders(entries, orderOfPayment)
  return (
    <ListTable columns={COLUMNS} state={state}>
      {entries.map((entry, i) => {
        const view = historyEntryView(entry)
        const money = [view.amount, view.duration && `took ${view.duration}`]
          .filter(Boolean)
          .join(" · ")
        return (
          <Table.Row
            key={`${entry.at}-${i}`}
            className="[&_td]:py-2 [&_td]:align-top"
            data-testid="history-row"
          >
            <Table.Cell className="whitespace-nowrap">
              <time dateTime={entry.at} className="flex flex-col">
                <span>{view.day}</span>
                <span>{view.time}</span>
              </time>
            </Table.Cell>
            <Table.Cell>
              <OrderCell entry={entry} order={orders[i]} />
            </Table.Cell>
            <Table.Cell className="min-w-[240px] whitespace-normal">
              <Text size="small" weight="plus" className="text-ui-fg-base">
                {view.what}
              </Text>
              <Text size="small">{view.summary}</Text>
              {money && <Text size="xsmall">{money}</Text>}
            </Table.Cell>
            <Table.Cell>
              <Badge size="2xsmall" color={view.tone}>
                {view.outcome}
              </Badge>
            </Table.Cell>
          </Table.Row>
        )
      })}
    </ListTable>
  )
}
