/**
 * Payment history: every request the plugin sent to the acquirer and every
 * notification, job, admin action and chargeback beside them, newest
 * first, searched by order, acquirer order number, transaction, operation,
 * outcome and days; each entry links to its order where Medusa knows it.
 */
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { History } from "@medusajs/icons"
import { Container, Heading, Text } from "@medusajs/ui"
import { useState } from "react"
import { useSearchParams } from "react-router-dom"
import { OffsetPagination } from "../../components/offset-pagination"
import { useHistorySearch } from "../../hooks/payment-history/use-history-search"
import { usePaymentOrders } from "../../hooks/payment-history/use-payment-orders"
import {
  historySearchMistakes,
  historySearchOfUrl,
  type HistorySearchForm,
} from "../../lib/history-search-query"
import { refusedNotificationsText } from "../../lib/payment-history-text"
import { HistorySearchFormView } from "./components/history-search-form"
import { HistoryTable } from "./components/history-table"

const PAGE = 20

/** A link's search, when every field of it can be searched. */
function linkedSearch(params: URLSearchParams): HistorySearchForm {
  const form = historySearchOfUrl(params)
  return Object.keys(historySearchMistakes(form)).length ? {} : form
}

const PaymentHistoryPage = () => {
  const [params] = useSearchParams()
  const [opened] = useState(() => linkedSearch(params))
  const [search, setSearch] = useState<HistorySearchForm>(opened)
  const [offset, setOffset] = useState(0)
  const { data, isLoading, isFetching, isPlaceholderData, error } =
    useHistorySearch(search, {
      limit: PAGE,
      offset,
    })
  const entries = data?.entries ?? []
  const { data: orderOfPayment } = usePaymentOrders(
    entries.flatMap((e) => (e.payment_id ? [e.payment_id] : []))
  )
  const count = data?.count ?? 0
  const refused = refusedNotificationsText(data?.refused_notifications)
  const searched = Object.values(search).some(Boolean)
  const state = isLoading
    ? "Loading the history…"
    : entries.length
      ? undefined
      : searched
        ? "Nothing recorded matches this search"
        : "Nothing recorded yet"

  return (
    <Container className="divide-y p-0" data-acquiring-root="">
      <div className="px-6 py-4">
        <Heading level="h1">Payment history</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Every request sent to the acquirer and every notification, job, admin
          action and chargeback of the store's acquiring payments. Refused
          notifications are counted per hour, not listed one by one.
        </Text>
      </div>
      {refused && (
        <Text
          size="small"
          role="status"
          className="text-ui-fg-subtle px-6 py-3"
          data-testid="refused-notifications"
        >
          {refused}
        </Text>
      )}
      <HistorySearchFormView
        initial={opened}
        searching={isFetching}
        onSearch={(form) => {
          setSearch(form)
          setOffset(0)
        }}
      />
      {data && !isPlaceholderData && !error && (
        <Text
          size="small"
          role="status"
          className="text-ui-fg-subtle px-6 py-3"
          data-testid="history-count"
        >
          {count === 1 ? "1 entry" : `${count} entries`}
          {!searched
            ? " in all"
            : count === 1
              ? " matches this search"
              : " match this search"}
        </Text>
      )}
      {error ? (
        <Text size="small" role="alert" className="text-ui-fg-error px-6 py-4">
          The history could not be searched: {error.message}
        </Text>
      ) : (
        <HistoryTable
          entries={entries}
          orderOfPayment={orderOfPayment}
          state={state}
        />
      )}
      <OffsetPagination
        count={count}
        pageSize={PAGE}
        offset={offset}
        onOffset={setOffset}
      />
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Payment history",
  icon: History,
})

/** The dashboard's breadcrumb (it reads each route's handle.breadcrumb). */
export const handle = {
  breadcrumb: () => "Payment history",
}

export default PaymentHistoryPage
