/**
 * Payments overview: how the store's card payments went over a period, for
 * one account or all: approvals and declines by day, the reasons, 3-D
 * Secure and the hosted page, methods, money moved and the chargeback
 * ratio against the card schemes' threshold. Every chart has its numbers
 * as a table, and its CSV.
 */
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ChartBar } from "@medusajs/icons"
import { Container, Heading, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { FilterSelect } from "../../components/filter-select"
import { useAcquiringSettings } from "../../hooks/settings/use-acquiring-settings"
import {
  useExportOverview,
  usePaymentsOverview,
} from "../../hooks/payments-overview/use-payments-overview"
import {
  approvalRate,
  chartDays,
  lastDays,
  periodTotals,
  unrecordedText,
  type OverviewFigure,
} from "../../lib/payments-overview"
import { historySearchPath } from "../../lib/history-search-query"
import { DayChart } from "./components/day-chart"
import { FigureCard } from "./components/figure-card"
import {
  AuthenticationTable,
  ChargebacksTable,
  DaysTable,
  DeclinesTable,
  MethodsTable,
  MoneyTable,
  OrderLagTable,
} from "./components/overview-tables"

const PERIODS = [
  { value: "7", label: "Last 7 days" },
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
  { value: "365", label: "Last 365 days" },
] as const
type PeriodChoice = (typeof PERIODS)[number]["value"]

const ALL_ACCOUNTS = "all"

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <Text size="small" className="text-ui-fg-subtle">
        {label}
      </Text>
      <Text size="xlarge" weight="plus">
        {value}
      </Text>
    </div>
  )
}

const PaymentsOverviewPage = () => {
  const [days, setDays] = useState<PeriodChoice>("30")
  const [account, setAccount] = useState(ALL_ACCOUNTS)
  const period = {
    ...lastDays(Number(days)),
    account: account === ALL_ACCOUNTS ? "" : account,
  }
  const { data, isLoading, error } = usePaymentsOverview(period)
  const { data: settings } = useAcquiringSettings()
  const exporting = useExportOverview()
  const exportFigure = (figure: OverviewFigure) => () =>
    exporting.mutate(
      { period, figure },
      {
        onSuccess: (name) => toast.success(`Downloaded ${name}`),
        onError: (e) => toast.error(`The export failed: ${e.message}`),
      }
    )
  const accounts = [
    { value: ALL_ACCOUNTS, label: "All accounts" },
    { value: "config", label: "medusa-config's own" },
    ...(settings?.accounts ?? []).map((a) => ({ value: a.id, label: a.name })),
  ]
  const chart = data ? chartDays(data) : []
  const totals = periodTotals(chart)
  const unrecorded = data ? unrecordedText(data) : undefined
  const thisMonth = data?.chargebacks.at(-1)

  return (
    <Container className="divide-y p-0" data-acquiring-root="">
      <div className="flex flex-wrap items-start justify-between gap-4 px-6 py-4">
        <div>
          <Heading level="h1">Payments overview</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            How the store's acquiring payments went, by day (UTC). Counts cover
            every currency; amounts are per currency, never added together.
          </Text>
        </div>
        <div className="flex gap-x-2">
          <FilterSelect
            aria-label="Period"
            className="min-w-[150px]"
            value={days}
            options={PERIODS}
            onChange={setDays}
          />
          <FilterSelect
            aria-label="Account"
            className="min-w-[150px]"
            value={account}
            options={accounts}
            onChange={setAccount}
          />
        </div>
      </div>
      {error ? (
        <Text size="small" role="alert" className="text-ui-fg-error px-6 py-4">
          The overview could not be loaded: {error.message}
        </Text>
      ) : isLoading || !data ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          Loading the overview…
        </Text>
      ) : (
        <>
          {unrecorded && (
            <Text
              size="small"
              role="status"
              className="text-ui-fg-subtle px-6 py-3"
              data-testid="overview-unrecorded"
            >
              {unrecorded}
            </Text>
          )}
          <div
            className="grid grid-cols-2 gap-4 px-6 py-4 md:grid-cols-5"
            data-testid="overview-tiles"
          >
            <Tile label="Attempts" value={String(totals.attempts)} />
            <Tile label="Approval rate" value={approvalRate(totals)} />
            <Tile label="Declined" value={String(totals.declined)} />
            <Tile
              label="Outcome unknown now"
              value={String(data.unsettled.count)}
            />
            <Tile
              label="Chargeback ratio, last month shown"
              value={
                thisMonth?.ratio_percent ? `${thisMonth.ratio_percent} %` : "—"
              }
            />
          </div>
          <FigureCard
            testId="figure-attempts"
            title="Approvals by day"
            description="Each attempt at the acquirer by the day it began: approved, declined by the bank or the acquirer, or still waiting on the shopper or the acquirer."
            chart={
              <DayChart
                days={chart}
                series={[
                  {
                    key: "approved",
                    name: "Approved",
                    color: "var(--tag-green-icon)",
                  },
                  {
                    key: "declined",
                    name: "Declined",
                    color: "var(--tag-red-icon)",
                  },
                  {
                    key: "waiting",
                    name: "Waiting",
                    color: "var(--tag-orange-icon)",
                  },
                ]}
              />
            }
            numbersLabel="The numbers by day"
            numbers={<DaysTable days={chart} />}
            onExport={exportFigure("attempts")}
            history={{
              label: "The attempts in Payment history",
              path: historySearchPath({
                operation: "authorise, checkout",
                from: data.from,
                to: data.to,
              }),
            }}
          />
          <FigureCard
            testId="figure-declines"
            title="Declines by reason"
            description="What the acquirer answered when it declined. A reason surging in a short time can mean card testing."
            numbers={<DeclinesTable declines={data.declines} />}
            onExport={exportFigure("declines")}
            history={{
              label: "The declined requests in Payment history",
              path: historySearchPath({
                operation: "authorise, checkout",
                outcome: "refused",
                from: data.from,
                to: data.to,
              }),
            }}
          />
          <FigureCard
            testId="figure-authentication"
            title="3-D Secure and the hosted page"
            description={`Shoppers asked to authenticate, and hosted pages opened: passed or paid, failed, or left. Still open after ${data.abandoned_after_minutes} minutes counts as abandoned.`}
            chart={
              <DayChart
                days={chart}
                series={[
                  {
                    key: "three_ds_passed",
                    name: "3-D Secure passed",
                    color: "var(--tag-green-icon)",
                  },
                  {
                    key: "three_ds_failed",
                    name: "Failed",
                    color: "var(--tag-red-icon)",
                  },
                  {
                    key: "three_ds_abandoned",
                    name: "Abandoned",
                    color: "var(--tag-neutral-icon)",
                  },
                ]}
              />
            }
            numbers={<AuthenticationTable totals={totals} />}
          />
          <FigureCard
            testId="figure-methods"
            title="Payment methods"
            description="The methods shoppers paid with: a typed or saved card, or what they chose on the hosted page."
            numbers={<MethodsTable methods={data.methods} />}
            onExport={exportFigure("methods")}
          />
          <FigureCard
            testId="figure-money"
            title="Captures and refunds"
            description="Money the acquirer confirmed capturing and refunding, by the day it did, in each currency."
            numbers={<MoneyTable money={data.money} />}
            onExport={exportFigure("money")}
            history={{
              label: "The captures and refunds in Payment history",
              path: historySearchPath({
                operation: "capture, refund",
                from: data.from,
                to: data.to,
              }),
            }}
          />
          <FigureCard
            testId="figure-chargebacks"
            title="Chargebacks"
            description={`Chargebacks opened in a month over the payments captured that month, against a threshold of ${data.chargeback_threshold_percent} %. Card schemes start monitoring a merchant at 0.9 %; an account may set its acquirer's level in Settings → Acquiring.`}
            numbers={<ChargebacksTable answer={data} />}
            onExport={exportFigure("chargebacks")}
            history={{
              label: "Each chargeback on the Chargebacks page",
              path: "/chargebacks",
            }}
          />
          <FigureCard
            testId="figure-order-lag"
            title="Payment to order"
            description="How long an approved payment waited for its order: from the moment the plugin learnt of the approval (the acquirer's answer, a notification or the reconcile job's status query) to the order Medusa created. Long waits mean notifications arrive late or the storefront does not complete the cart."
            numbers={<OrderLagTable lag={data.order_lag} />}
            onExport={exportFigure("order_lag")}
          />
        </>
      )}
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Payments overview",
  icon: ChartBar,
})

/** The dashboard's breadcrumb (it reads each route's handle.breadcrumb). */
export const handle = {
  breadcrumb: () => "Payments overview",
}

export default PaymentsOverviewPage
