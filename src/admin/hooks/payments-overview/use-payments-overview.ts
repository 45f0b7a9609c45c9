import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import {
  overviewExportName,
  overviewQuery,
  type OverviewFigure,
  type OverviewPeriod,
  type PaymentsOverviewAnswer,
} from "../../lib/payments-overview"
import { downloadCsv } from "../csv-download"

export const overviewKeys = {
  all: ["acquiring-payments-overview"] as const,
  period: (period: OverviewPeriod) => [...overviewKeys.all, period] as const,
}

/** The figures of a period; the last period's stay shown while the next is asked. */
export function usePaymentsOverview(period: OverviewPeriod) {
  return useQuery({
    queryKey: overviewKeys.period(period),
    queryFn: () =>
      sdk.client.fetch<PaymentsOverviewAnswer>(
        "/admin/acquiring/payments-overview",
        { query: overviewQuery(period) }
      ),
    placeholderData: keepPreviousData,
  })
}

/** One chart's numbers as CSV. */
export function useExportOverview() {
  return useMutation({
    mutationFn: ({
      period,
      figure,
    }: {
      period: OverviewPeriod
      figure: OverviewFigure
    }) =>
      downloadCsv(
        "/admin/acquiring/payments-overview/export",
        { ...overviewQuery(period), figure },
        (disposition) => overviewExportName(disposition, figure, period)
      ),
  })
}
