import { useEffect, useRef } from "react"
import { useQueryClient } from "@tanstack/react-query"
import { refreshOrder } from "./query-keys"

/**
 * Refreshes the order's queries (Medusa's cards and the widget's) when
 * `moneyState`, what the widget last read of the order's money, changes
 * from one answer to the next: a capture on fulfilment, a link paid, a
 * refund made elsewhere. The first answer refreshes nothing.
 */
export function useRefreshOrderOnChange(
  orderId: string,
  moneyState: string | undefined
): void {
  const queryClient = useQueryClient()
  const last = useRef<string>()
  useEffect(() => {
    if (moneyState === undefined) return
    const changed = last.current !== undefined && last.current !== moneyState
    last.current = moneyState
    if (changed) void refreshOrder(queryClient, orderId)
  }, [queryClient, orderId, moneyState])
}
