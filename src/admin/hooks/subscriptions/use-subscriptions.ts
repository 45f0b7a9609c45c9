import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { SubscriptionListAnswer } from "../../lib/subscriptions-api"

export const subscriptionKeys = {
  all: ["acquiring-subscriptions"] as const,
  list: (page: { limit: number; offset: number }) =>
    [...subscriptionKeys.all, "list", page] as const,
}

/** The Subscriptions page's rows; the last page stays shown while the next is asked. */
export function useSubscriptions(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: subscriptionKeys.list(page),
    queryFn: () =>
      sdk.client.fetch<SubscriptionListAnswer>(
        "/admin/acquiring/subscriptions",
        { query: { limit: page.limit, offset: page.offset } }
      ),
    placeholderData: keepPreviousData,
  })
}

type Cancellation = {
  subscription_cancellation: {
    outcome: "cancelled" | "unknown" | "refused"
    message: string
  }
}

/** Cancels at the acquirer by the first payment (the order page's cancel), then reads the list again. */
export function useCancelSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (paymentId: string) =>
      sdk.client.fetch<Cancellation>(
        `/admin/acquiring/payments/${paymentId}/cancel-subscription`,
        { method: "POST", body: {} }
      ),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  })
}
