/** The overview's numbers as tables: each chart's text alternative, and the figures that are lists. */
import { StatusBadge, Table } from "@medusajs/ui"
import { ListTable } from "../../../components/list-table"
import { amountText } from "../../../lib/amount-text"
import {
  approvalRate,
  durationText,
  rateText,
  type ChartDay,
  type PaymentsOverviewAnswer,
} from "../../../lib/payments-overview"

/** A day before the plugin recorded anything: no figures, not zeros. */
const NOT_RECORDED = "not recorded"

export function DaysTable({ days }: { days: ChartDay[] }) {
  return (
    <ListTable
      columns={[
        "Day",
        "Attempts",
        "Approved",
        "Declined",
        "Waiting",
        "Approval rate",
      ]}
      alignRight={[
        "Attempts",
        "Approved",
        "Declined",
        "Waiting",
        "Approval rate",
      ]}
    >
      {days.map((d) => (
        <Table.Row key={d.day}>
          <Table.Cell>{d.day}</Table.Cell>
          {d.recorded ? (
            <>
              <Table.Cell className="text-right">{d.attempts}</Table.Cell>
              <Table.Cell className="text-right">{d.approved}</Table.Cell>
              <Table.Cell className="text-right">{d.declined}</Table.Cell>
              <Table.Cell className="text-right">{d.waiting}</Table.Cell>
              <Table.Cell className="text-right">{approvalRate(d)}</Table.Cell>
            </>
          ) : (
            <td colSpan={5} className="text-ui-fg-muted pr-4 text-right">
              {NOT_RECORDED}
            </td>
          )}
        </Table.Row>
      ))}
    </ListTable>
  )
}

export function AuthenticationTable({ totals }: { totals: ChartDay }) {
  const rows: [string, number, string][] = [
    ["3-D Secure asked", totals.three_ds_asked, ""],
    [
      "Passed",
      totals.three_ds_passed,
      rateText(totals.three_ds_passed, totals.three_ds_asked),
    ],
    [
      "Failed",
      totals.three_ds_failed,
      rateText(totals.three_ds_failed, totals.three_ds_asked),
    ],
    [
      "Abandoned",
      totals.three_ds_abandoned,
      rateText(totals.three_ds_abandoned, totals.three_ds_asked),
    ],
    ["Hosted pages opened", totals.hosted_opened, ""],
    [
      "Paid there",
      totals.hosted_paid,
      rateText(totals.hosted_paid, totals.hosted_opened),
    ],
    [
      "Abandoned",
      totals.hosted_abandoned,
      rateText(totals.hosted_abandoned, totals.hosted_opened),
    ],
  ]
  return (
    <ListTable
      columns={["Figure", "Payments", "Share"]}
      alignRight={["Payments", "Share"]}
    >
      {rows.map(([label, count, share], i) => (
        <Table.Row key={i}>
          <Table.Cell>{label}</Table.Cell>
          <Table.Cell className="text-right">{count}</Table.Cell>
          <Table.Cell className="text-right">{share}</Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  )
}

export function DeclinesTable({
  declines,
}: {
  declines: PaymentsOverviewAnswer["declines"]
}) {
  return (
    <ListTable
      columns={["Reason", "Code", "Currency", "Declines"]}
      alignRight={["Declines"]}
      state={declines.length ? undefined : "No declines in this period"}
    >
      {declines.map((d) => (
        <Table.Row key={`${d.currency} ${d.code}`} data-testid="decline-row">
          <Table.Cell className="whitespace-normal">{d.meaning}</Table.Cell>
          <Table.Cell>{d.code || "—"}</Table.Cell>
          <Table.Cell>{d.currency}</Table.Cell>
          <Table.Cell className="text-right">{d.count}</Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  )
}

const methodName = (method: string) =>
  method === "" ? "None chosen (hosted page left)" : method.replace(/_/g, " ")

export function MethodsTable({
  methods,
}: {
  methods: PaymentsOverviewAnswer["methods"]
}) {
  return (
    <ListTable
      columns={["Method", "Attempts", "Approved", "Approval rate"]}
      alignRight={["Attempts", "Approved", "Approval rate"]}
      state={methods.length ? undefined : "No payments in this period"}
    >
      {methods.map((m) => (
        <Table.Row key={m.method} data-testid="method-row">
          <Table.Cell>{methodName(m.method)}</Table.Cell>
          <Table.Cell className="text-right">{m.attempts}</Table.Cell>
          <Table.Cell className="text-right">{m.approved}</Table.Cell>
          <Table.Cell className="text-right">
            {rateText(m.approved, m.attempts)}
          </Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  )
}

export function MoneyTable({
  money,
}: {
  money: PaymentsOverviewAnswer["money"]
}) {
  return (
    <ListTable
      columns={["Day", "Captured", "Captures", "Refunded", "Refunds"]}
      alignRight={["Captured", "Captures", "Refunded", "Refunds"]}
      state={money.length ? undefined : "No captures or refunds in this period"}
    >
      {money.map((m) => (
        <Table.Row key={`${m.day} ${m.currency}`} data-testid="money-row">
          <Table.Cell>{m.day}</Table.Cell>
          <Table.Cell className="whitespace-nowrap text-right">
            {amountText(m.captured.amount, m.currency)}
          </Table.Cell>
          <Table.Cell className="text-right">{m.captured.count}</Table.Cell>
          <Table.Cell className="whitespace-nowrap text-right">
            {amountText(m.refunded.amount, m.currency)}
          </Table.Cell>
          <Table.Cell className="text-right">{m.refunded.count}</Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  )
}

export function ChargebacksTable({
  answer,
}: {
  answer: PaymentsOverviewAnswer
}) {
  const threshold = `${answer.chargeback_threshold_percent} %`
  return (
    <ListTable
      columns={["Month", "Opened", "Won", "Lost", "Captured payments", "Ratio"]}
      alignRight={["Opened", "Won", "Lost", "Captured payments", "Ratio"]}
      state={
        answer.chargebacks.length
          ? undefined
          : "No chargebacks and no captures in this period"
      }
    >
      {answer.chargebacks.map((c) => (
        <Table.Row key={c.month} data-testid="chargeback-month">
          <Table.Cell>{c.month}</Table.Cell>
          <Table.Cell className="text-right">{c.opened}</Table.Cell>
          <Table.Cell className="text-right">{c.won}</Table.Cell>
          <Table.Cell className="text-right">{c.lost}</Table.Cell>
          <Table.Cell className="text-right">{c.captured_payments}</Table.Cell>
          <Table.Cell className="whitespace-nowrap text-right">
            {c.ratio_percent === null ? (
              "— (nothing captured)"
            ) : c.at_or_over_threshold ? (
              <StatusBadge color="red">
                {c.ratio_percent} %: at or over {threshold}
              </StatusBadge>
            ) : (
              `${c.ratio_percent} %`
            )}
          </Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  )
}

export function OrderLagTable({
  lag,
}: {
  lag: PaymentsOverviewAnswer["order_lag"]
}) {
  return (
    <ListTable
      columns={["Day", "Orders", "Median", "95 % within", "Longest"]}
      alignRight={["Orders", "Median", "95 % within", "Longest"]}
      state={
        lag.length
          ? undefined
          : "No approved payment became an order in this period"
      }
    >
      {lag.map((l) => (
        <Table.Row key={l.day} data-testid="order-lag-row">
          <Table.Cell>{l.day}</Table.Cell>
          <Table.Cell className="text-right">{l.orders}</Table.Cell>
          <Table.Cell className="whitespace-nowrap text-right">
            {durationText(l.median_seconds)}
          </Table.Cell>
          <Table.Cell className="whitespace-nowrap text-right">
            {durationText(l.p95_seconds)}
          </Table.Cell>
          <Table.Cell className="whitespace-nowrap text-right">
            {durationText(l.max_seconds)}
          </Table.Cell>
        </Table.Row>
      ))}
    </ListTable>
  )
}
