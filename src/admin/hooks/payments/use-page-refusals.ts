import { useCallback, useEffect, useRef, useState } from "react"
import { useMutationState, useQueryClient } from "@tanstack/react-query"
import { pageRefusal, type PageRefusal } from "../../lib/order-money-watch"
import { refreshOrder } from "./query-keys"

/**
 * Requests refused on the order page since it was opened, by Medusa's own
 * drawers and prompts too (a refund refused during a chargeback, a
 * capture of a payment captured in part): the dashboard and the widget
 * share one React Query client, whose mutations this reads. Medusa only
 * flashes a toast, or nothing; the widget keeps the server's words until
 * dismissed. A refusal may say the page was stale: the order's queries
 * are asked again.
 */
export function usePageRefusals(orderId: string): {
  refusals: PageRefusal[]
  dismiss: (id: number) => void
} {
  const queryClient = useQueryClient()
  const [openedAt] = useState(() => Date.now())
  const [dismissed, setDismissed] = useState<number[]>([])
  const all = useMutationState({
    filters: {
      status: "error",
      predicate: (mutation) => pageRefusal(mutation, openedAt) !== null,
    },
    select: (mutation) => pageRefusal(mutation, openedAt)!,
  })
  const count = useRef(0)
  useEffect(() => {
    if (all.length > count.current) void refreshOrder(queryClient, orderId)
    count.current = all.length
  }, [all.length, queryClient, orderId])
  const dismiss = useCallback(
    (id: number) => setDismissed((ids) => [...ids, id]),
    []
  )
  return {
    refusals: all.filter((refusal) => !dismissed.includes(refusal.id)),
    dismiss,
  }
}
