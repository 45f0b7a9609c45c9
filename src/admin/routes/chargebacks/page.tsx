/**
 * Chargebacks: every dispute the card holders' banks raised against
 * captured payments, filtered by status, dates and a search, a page at a
 * time, and the CSV of every row the filters select for finance.
 */
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowDownTray, ExclamationCircle } from "@medusajs/icons"
import { Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { OffsetPagination } from "../../components/offset-pagination"
import {
  useChargebacks,
  useExportChargebacks,
} from "../../hooks/chargebacks/use-chargebacks"
import {
  chargebackFilterQuery,
  searchMistake,
  withoutPage,
  type ChargebackFilters,
} from "../../lib/chargebacks-api"
import { ChargebackFilterBar } from "./components/chargeback-filters"
import { ChargebacksTable } from "./components/chargebacks-table"

const PAGE = 20

function stateText(
  loading: boolean,
  count: number,
  filtered: boolean
): string | undefined {
  if (loading) return "Loading chargebacks…"
  if (count > 0) return undefined
  return filtered
    ? "No chargebacks match these filters"
    : "No chargebacks: none of the store's payments has been disputed"
}

const ChargebacksPage = () => {
  const [filters, setFilters] = useState<ChargebackFilters>({
    limit: PAGE,
    offset: 0,
  })
  const [search, setSearch] = useState("")
  const { data, isLoading, error } = useChargebacks(filters)
  const exporting = useExportChargebacks()
  const change = (patch: Partial<ChargebackFilters>) =>
    setFilters((f) => ({ ...f, ...patch, offset: 0 }))
  const onSearch = (text: string) => {
    setSearch(text)
    // a text the server would refuse keeps the last search until it is mended
    if (!searchMistake(text)) change({ q: text.trim() || undefined })
  }
  const count = data?.count ?? 0
  const filtering = withoutPage(filters)
  const filtered = Object.keys(chargebackFilterQuery(filtering)).length > 0

  const runExport = () =>
    exporting.mutate(filtering, {
      onSuccess: (name) => toast.success(`Downloaded ${name}`),
      onError: (e) => toast.error(`The export failed: ${e.message}`),
    })

  return (
    <Container className="divide-y p-0" data-acquiring-root="">
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading level="h1">Chargebacks</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Payments the card holder's bank disputes. Respond to open ones in
            the acquirer's merchant portal by the day shown; refunds of a
            disputed payment, and cancelling its order, are refused until it is
            decided.
          </Text>
        </div>
        <Button
          size="small"
          variant="secondary"
          className="shrink-0"
          isLoading={exporting.isPending}
          onClick={runExport}
          data-testid="export-chargebacks"
        >
          <ArrowDownTray />
          Export CSV
        </Button>
      </div>
      <ChargebackFilterBar
        filters={filtering}
        search={search}
        onSearch={onSearch}
        onChange={change}
      />
      {error ? (
        <Text size="small" role="alert" className="text-ui-fg-error px-6 py-4">
          The chargebacks could not be loaded: {error.message}
        </Text>
      ) : (
        <ChargebacksTable
          chargebacks={data?.chargebacks ?? []}
          state={stateText(isLoading, count, filtered)}
        />
      )}
      <OffsetPagination
        count={count}
        pageSize={PAGE}
        offset={filters.offset}
        onOffset={(offset) => setFilters((f) => ({ ...f, offset }))}
      />
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Chargebacks",
  icon: ExclamationCircle,
})

/** The dashboard's breadcrumb (it reads each route's handle.breadcrumb). */
export const handle = {
  breadcrumb: () => "Chargebacks",
}

export default ChargebacksPage
