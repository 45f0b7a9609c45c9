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
 * the widget's. The first answer refreshes nothing. Its key is outside the
 * order's, so a refresh does not ask it again.
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
  })
  const seen = useRef<string>()
  useEffect(() => {
    if (version === undefined) return
    const changed = seen.current !== undefined && seen.current !== version
    seen.current = version
    if (changed) void refreshOrder(queryClient, orderId)
  }, [queryClient, orderId, version])
}
