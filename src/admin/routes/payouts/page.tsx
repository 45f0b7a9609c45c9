/**
 * Payouts: every payout with its status, filters, and the form that sends a
 * new one. Bank details arrive masked from the API.
 */
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Cash } from "@medusajs/icons"
import { Button, Container, Heading, Input, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { Link, useNavigate } from "react-router-dom"
import { FilterSelect } from "../../components/filter-select"
import { OffsetPagination } from "../../components/offset-pagination"
import { usePayouts } from "../../hooks/payouts/use-payouts"
import { amountText } from "../../lib/amount-text"
import type { PayoutFilters, PayoutStatus } from "../../lib/payouts-api"
import { CreatePayoutModal } from "./components/create-payout-modal"
import { PayoutStatusBadge } from "./components/payout-status-badge"

const PAGE = 20
const STATUSES: { value: PayoutStatus | "all"; label: string }[] = [
  { value: "all", label: "All statuses" },
  { value: "PENDING", label: "Pending" },
  { value: "COMPLETED", label: "Completed" },
  { value: "FAILED", label: "Failed" },
  { value: "unknown", label: "Awaiting confirmation" },
  { value: "sending", label: "Sending" },
]

const PayoutsPage = () => {
  const [filters, setFilters] = useState<PayoutFilters>({
    limit: PAGE,
    offset: 0,
  })
  const [creating, setCreating] = useState(false)
  const { data, isLoading, error } = usePayouts(filters)
  const navigate = useNavigate()
  const change = (patch: Partial<PayoutFilters>) =>
    setFilters((f) => ({ ...f, ...patch, offset: 0 }))
  const count = data?.count ?? 0

  return (
    <Container className="divide-y p-0" data-acquiring-root="">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading>Payouts</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Money sent to beneficiaries through the acquirer
          </Text>
        </div>
        <Button
          size="small"
          variant="secondary"
          onClick={() => setCreating(true)}
          data-testid="create-payout"
        >
          Create payout
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2 px-6 py-4">
        {/* a search input's magnifier in Medusa UI is an image without a name: plain text with a role instead */}
        <Input
          size="small"
          type="text"
          role="searchbox"
          aria-label="Search payouts"
          placeholder="Search reference, name, transaction"
          className="w-64"
          onChange={(e) => change({ q: e.target.value || undefined })}
        />
        {/* the filters have no visible labels: each control names itself */}
        <FilterSelect
          className="w-48"
          aria-label="Status"
          value={filters.status ?? "all"}
          options={STATUSES}
          onChange={(v) => change({ status: v === "all" ? undefined : v })}
        />
        <Input
          size="small"
          aria-label="Currency"
          placeholder="Currency"
          className="w-24"
          onChange={(e) =>
            change({
              currency: /^[a-z]{3}$/i.test(e.target.value)
                ? e.target.value.toUpperCase()
                : undefined,
            })
          }
        />
        <Input
          size="small"
          type="date"
          aria-label="Created from"
          className="w-40"
          onChange={(e) =>
            change({ created_from: e.target.value || undefined })
          }
        />
        <Input
          size="small"
          type="date"
          aria-label="Created to"
          className="w-40"
          onChange={(e) => change({ created_to: e.target.value || undefined })}
        />
      </div>
      {error ? (
        <Text className="px-6 py-4 text-ui-fg-error">{error.message}</Text>
      ) : (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Created</Table.HeaderCell>
              <Table.HeaderCell>Reference</Table.HeaderCell>
              <Table.HeaderCell>Beneficiary</Table.HeaderCell>
              <Table.HeaderCell>Account</Table.HeaderCell>
              <Table.HeaderCell className="text-right">Amount</Table.HeaderCell>
              <Table.HeaderCell>Status</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(data?.payouts ?? []).map((payout) => (
              <Table.Row
                key={payout.id}
                className="cursor-pointer"
                data-testid="payout-row"
                onClick={() => navigate(`/payouts/${payout.id}`)}
              >
                <Table.Cell>
                  {new Date(payout.created_at).toLocaleString()}
                </Table.Cell>
                <Table.Cell>
                  <Link to={`/payouts/${payout.id}`}>
                    {payout.reference ?? payout.short_reference_id ?? "—"}
                  </Link>
                </Table.Cell>
                <Table.Cell>{payout.beneficiary_name ?? "—"}</Table.Cell>
                <Table.Cell>{payout.beneficiary_account ?? "—"}</Table.Cell>
                <Table.Cell className="text-right">
                  {amountText(payout.payment_amount, payout.payment_currency)}
                </Table.Cell>
                <Table.Cell>
                  <PayoutStatusBadge status={payout.status} />
                </Table.Cell>
              </Table.Row>
            ))}
            {!isLoading && !data?.payouts.length && (
              <Table.Row>
                <Table.Cell>No payouts</Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table>
      )}
      <OffsetPagination
        count={count}
        pageSize={PAGE}
        offset={filters.offset}
        onOffset={(offset) => setFilters((f) => ({ ...f, offset }))}
      />
      <CreatePayoutModal open={creating} onOpenChange={setCreating} />
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Payouts",
  icon: Cash,
})

/** The dashboard's breadcrumb (it reads each route's handle.breadcrumb); the detail adds the payout. */
export const handle = {
  breadcrumb: () => "Payouts",
}

export default PayoutsPage
