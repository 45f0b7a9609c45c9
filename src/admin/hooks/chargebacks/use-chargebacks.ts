import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
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

/** Hands the browser a file it holds, as a download. */
function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement("a")
  link.href = url
  link.download = name
  document.body.appendChild(link)
  link.click()
  link.remove()
  // the click has started the download: the blob is no longer needed
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * The CSV of every row the filters select. Asked through the admin's SDK
 * (its session cookie or token, its backend address) rather than a plain
 * link, which would miss a token and a backend on another origin.
 */
export function useExportChargebacks() {
  return useMutation({
    mutationFn: async (
      filters: Omit<ChargebackFilters, "limit" | "offset">
    ) => {
      // not asking for JSON: the SDK hands back the raw response
      const response = await sdk.client.fetch<Response>(
        "/admin/acquiring/chargebacks/export",
        {
          query: chargebackFilterQuery(filters),
          headers: { accept: "text/csv" },
        }
      )
      const name = exportFileName(response.headers.get("content-disposition"))
      download(await response.blob(), name)
      return name
    },
  })
}
