/**
 * The Payment history page's entries, newest first: when, the order (linked
 * where Medusa knows the payment's order; else the acquirer's order number
 * and the transaction id), what happened, its outcome, the amount and how
 * long a request took.
 */
import { Badge, Table, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { ListTable } from "../../../components/list-table"
import type { PaymentOrder } from "../../../hooks/payment-history/use-payment-orders"
import {
  historyEntryView,
  type PaymentHistoryEntry,
} from "../../../lib/payment-history-text"

const COLUMNS = ["Time", "Order", "What happened", "Outcome", "Amount"]

function OrderCell({
  entry,
  order,
}: {
  entry: PaymentHistoryEntry
  order?: PaymentOrder
}) {
  return (
    <div className="flex flex-col">
      {order && (
        <Link
          to={`/orders/${order.id}`}
          className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
        >
          {order.display_id === null ? order.id : `#${order.display_id}`}
        </Link>
      )}
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
  orders,
  state,
}: {
  entries: PaymentHistoryEntry[]
  orders?: Map<string, PaymentOrder>
  /** what to say instead of rows */
  state?: string
}) {
  return (
    <ListTable columns={COLUMNS} alignRight={["Amount"]} state={state}>
      {entries.map((entry, i) => {
        const view = historyEntryView(entry)
        return (
          <Table.Row
            key={`${entry.at}-${i}`}
            className="[&_td]:py-2 [&_td]:align-top"
            data-testid="history-row"
          >
            <Table.Cell className="whitespace-nowrap">
              <time dateTime={entry.at}>{view.when}</time>
            </Table.Cell>
            <Table.Cell>
              <OrderCell
                entry={entry}
                order={
                  entry.payment_id ? orders?.get(entry.payment_id) : undefined
                }
              />
            </Table.Cell>
            <Table.Cell className="whitespace-normal">
              <Text size="small" weight="plus" className="text-ui-fg-base">
                {view.what}
              </Text>
              <Text size="small">{view.summary}</Text>
              {view.duration && <Text size="xsmall">took {view.duration}</Text>}
            </Table.Cell>
            <Table.Cell>
              <Badge size="2xsmall" color={view.tone}>
                {view.outcome}
              </Badge>
            </Table.Cell>
            <Table.Cell className="whitespace-nowrap text-right">
              {view.amount ?? "–"}
            </Table.Cell>
          </Table.Row>
        )
      })}
    </ListTable>
  )
}
