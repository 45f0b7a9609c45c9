import { useEffect, useRef } from "react"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import { MONEY_VERSION_MS } from "../../lib/order-money-watch"
import { refreshOrder } from "./query-keys"

/**
 * While the order page is open and its tab visible (React Query pauses an
 * interval in a hidden tab, and asks again on return), asks every few
 * seconds for the order's money fingerprint; when it changed, refreshes
 * the order's queries: Medusa's cards (Payments, Summary, Activity) and
 * the widget's. Its key is outside the order's, so a refresh does not ask
 * it again; and it outlives the page in the dashboard's cache as the order
 * data does: back on an order seen minutes ago (Medusa shows its cached
 * data), the cached version is the one that data was read with, and the
 * version asked again at once tells whether it changed since. On a first
 * visit the first answer refreshes nothing.
 */
export function useOrderMoneyWatch(orderId: string): void {
  const queryClient = useQueryClient()
  const { data: version } = useQuery({
    queryKey: ["acquiring", "money-version", orderId],
    queryFn: async () =>
      (
        await sdk.client.fetch<{ version: string }>(
          `/admin/acquiring/orders/${orderId}/money-version`
        )
      ).version,
    refetchInterval: MONEY_VERSION_MS,
    refetchOnWindowFocus: "always",
    refetchOnMount: "always",
  })
  const seen = useRef<string>()
  useEffect(() => {
    if (version === undefined) return
    const changed = seen.current !== undefined && seen.current !== version
    seen.current = version
    if (changed) void refreshOrder(queryClient, orderId)
  }, [queryClient, orderId, version])
}
