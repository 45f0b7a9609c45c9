import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import { downloadCsv } from "../csv-download"
import {
  chargebackFilterQuery,
  chargebackListQuery,
  exportFileName,
  type ChargebackFilters,
  type ChargebackListAnswer,
} from "../../lib/chargebacks-api"

export const chargebackKeys = {
  all: ["acquiring-chargebacks"] as const,
  list: (filters: ChargebackFilters) =>
    [...chargebackKeys.all, "list", filters] as const,
}

/** The Chargebacks page's rows; the last page stays shown while the next filters are asked. */
export function useChargebacks(filters: ChargebackFilters) {
  return useQuery({
    queryKey: chargebackKeys.list(filters),
    queryFn: () =>
      sdk.client.fetch<ChargebackListAnswer>("/admin/acquiring/chargebacks", {
        query: chargebackListQuery(filters),
      }),
    placeholderData: keepPreviousData,
  })
}

/** The CSV of every row the filters select. */
export function useExportChargebacks() {
  return useMutation({
    mutationFn: (filters: Omit<ChargebackFilters, "limit" | "offset">) =>
      downloadCsv(
        "/admin/acquiring/chargebacks/export",
        chargebackFilterQuery(filters),
        (disposition) => exportFileName(disposition)
      ),
  })
}
