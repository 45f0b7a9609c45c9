/**
 * The Chargebacks page's rows: the order (linked), the chargeback, its
 * status, amount and reason, when it was opened, the day to respond by
 * (marked in words and red when 3 days or less away, or past) and when it
 * was decided.
 */
import { Table } from "@medusajs/ui"
import { ListTable } from "../../../components/list-table"
import { OrderLink } from "../../../components/order-link"
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

/** The Medusa order, else the acquirer's order number (the CSV has both) */
function OrderCell({ chargeback }: { chargeback: AcquiringChargebackView }) {
  const { order } = chargeback
  return order ? <OrderLink order={order} /> : <>{chargeback.order_no}</>
}

function RespondBy({ chargeback }: { chargeback: AcquiringChargebackView }) {
  const urgency = respondByUrgency(chargeback)
  if (!urgency) return <>{dayText(chargeback.respond_by)}</>
  return (
    <span
      className="text-ui-fg-error flex flex-col font-medium"
      data-testid="respond-by-urgent"
    >
      <span>{dayText(chargeback.respond_by)}</span>
      <span>{urgency.text}</span>
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
          <Table.Cell className="whitespace-nowrap text-right">
            {amountText(c.amount, c.currency)}
          </Table.Cell>
          <Table.Cell className="min-w-[160px] whitespace-normal py-2">
            {chargebackReason(c)}
          </Table.Cell>
          <Table.Cell className="whitespace-nowrap">
            {dayText(c.opened_at)}
          </Table.Cell>
          <Table.Cell className="whitespace-nowrap">
            <RespondBy chargeback={c} />
          </Table.Cell>
          <Table.Cell className="whitespace-nowrap">
            {dayText(c.decided_at)}
          </Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  )
}
