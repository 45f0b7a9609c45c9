/**
 * The Chargebacks page's rows: the order (linked), the chargeback, its
 * status, amount and reason, when it was opened, the day to respond by
 * (marked in words and red when 3 days or less away, or past) and when it
 * was decided.
 */
import { Table, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { ListTable } from "../../../components/list-table"
import { amountText } from "../../../lib/amount-text"
import {
  chargebackReason,
  dayText,
  respondByUrgency,
} from "../../../lib/chargeback-text"
import type { AcquiringChargebackView } from "../../../lib/chargebacks-api"
import { ChargebackStatusBadge } from "./chargeback-status-badge"

const COLUMNS = [
  "Order",
  "Chargeback",
  "Status",
  "Amount",
  "Reason",
  "Opened",
  "Respond by",
  "Decided",
]

function OrderCell({ chargeback }: { chargeback: AcquiringChargebackView }) {
  const { order } = chargeback
  if (!order) return <>{chargeback.order_no}</>
  return (
    <div className="flex flex-col">
      <Link
        to={`/orders/${order.id}`}
        className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
      >
        {order.display_id === null ? order.id : `#${order.display_id}`}
      </Link>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {chargeback.order_no}
      </Text>
    </div>
  )
}

function RespondBy({ chargeback }: { chargeback: AcquiringChargebackView }) {
  const urgency = respondByUrgency(chargeback)
  if (!urgency) return <>{dayText(chargeback.respond_by)}</>
  return (
    <span
      className="text-ui-fg-error font-medium"
      data-testid="respond-by-urgent"
    >
      {dayText(chargeback.respond_by)} ({urgency.text})
    </span>
  )
}

export function ChargebacksTable({
  chargebacks,
  state,
}: {
  chargebacks: AcquiringChargebackView[]
  /** what to say instead of rows */
  state?: string
}) {
  return (
    <ListTable columns={COLUMNS} alignRight={["Amount"]} state={state}>
      {chargebacks.map((c) => (
        <Table.Row key={c.id} data-testid="chargeback-row">
          <Table.Cell>
            <OrderCell chargeback={c} />
          </Table.Cell>
          <Table.Cell>{c.reference}</Table.Cell>
          <Table.Cell>
            <ChargebackStatusBadge status={c.status} />
          </Table.Cell>
          <Table.Cell className="text-right">
            {amountText(c.amount, c.currency)}
          </Table.Cell>
          <Table.Cell className="max-w-[220px] whitespace-normal">
            {chargebackReason(c)}
          </Table.Cell>
          <Table.Cell>{dayText(c.opened_at)}</Table.Cell>
          <Table.Cell>
            <RespondBy chargeback={c} />
          </Table.Cell>
          <Table.Cell>{dayText(c.decided_at)}</Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  )
}
