import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { FetchError } from "@medusajs/js-sdk"
import { sdk } from "../../lib/sdk"
import {
  historySearchQuery,
  type HistorySearchForm,
} from "../../lib/history-search-query"
import type { HistorySearchAnswer } from "../../lib/payment-history-text"

/** The history search's page of entries, newest first. */
export function useHistorySearch(
  form: HistorySearchForm,
  page: { limit: number; offset: number }
) {
  return useQuery({
    queryKey: ["acquiring-history", form, page],
    queryFn: () =>
      sdk.client.fetch<HistorySearchAnswer>("/admin/acquiring/history", {
        query: historySearchQuery(form, page),
      }),
    placeholderData: keepPreviousData,
    // a refused search is the admin's to correct, not to retry
    retry: (count, error) =>
      !(error instanceof FetchError && error.status === 400) && count < 3,
  })
}
