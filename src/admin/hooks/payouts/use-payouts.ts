import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import {
  listQuery,
  type PayoutDetail,
  type PayoutFilters,
  type PayoutList,
} from "../../lib/payouts-api"

export const payoutKeys = {
  all: ["acquiring-payouts"] as const,
  list: (filters: PayoutFilters) =>
    [...payoutKeys.all, "list", filters] as const,
  detail: (id: string) => [...payoutKeys.all, "detail", id] as const,
}

const OPEN = ["sending", "unknown", "PENDING"]

/** The list; refetched every few seconds while a payout on the page is still open. */
export function usePayouts(filters: PayoutFilters) {
  return useQuery({
    queryKey: payoutKeys.list(filters),
    queryFn: () =>
      sdk.client.fetch<PayoutList>("/admin/acquiring/payouts", {
        query: listQuery(filters),
      }),
    refetchInterval: (query) =>
      query.state.data?.payouts.some((p) => OPEN.includes(p.status))
        ? 3000
        : false,
  })
}

export function usePayout(id: string) {
  return useQuery({
    queryKey: payoutKeys.detail(id),
    queryFn: () =>
      sdk.client
        .fetch<{ payout: PayoutDetail }>(`/admin/acquiring/payouts/${id}`)
        .then((answer) => answer.payout),
    refetchInterval: (query) =>
      query.state.data && OPEN.includes(query.state.data.status) ? 3000 : false,
  })
}

export function useCreatePayout() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      sdk.client
        .fetch<{ payout: PayoutDetail }>("/admin/acquiring/payouts", {
          method: "POST",
          body,
        })
        .then((answer) => answer.payout),
    onSuccess: () => client.invalidateQueries({ queryKey: payoutKeys.all }),
  })
}

export function useRefreshPayout(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      sdk.client
        .fetch<{ payout: PayoutDetail }>(
          `/admin/acquiring/payouts/${id}/refresh`,
          { method: "POST", body: {} }
        )
        .then((answer) => answer.payout),
    onSuccess: (payout) => {
      client.setQueryData(payoutKeys.detail(id), payout)
      return client.invalidateQueries({ queryKey: payoutKeys.all })
    },
  })
}
