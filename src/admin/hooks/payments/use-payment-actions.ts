import { useMutation, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { AcquiringPayment, SyncAnswer } from "../../lib/payment-api"
import { ACQUIRING_MUTATION } from "../../lib/order-money-watch"
import { paymentKeys, refreshOrder } from "./query-keys"

/**
 * Release / reject a held payment, and sync with the acquirer. On success
 * the widget shows the answer at once and the order's queries (Medusa's own
 * payment section, summary and activity) are refetched; a refusal refetches
 * them too, since it may say the page was stale.
 */
function useSettle(orderId: string) {
  const queryClient = useQueryClient()
  return (payment: AcquiringPayment | undefined) => {
    if (payment)
      queryClient.setQueryData(paymentKeys.detail(orderId, payment.id), payment)
    return refreshOrder(queryClient, orderId)
  }
}

export function useReviewPayment(orderId: string, paymentId: string) {
  const settle = useSettle(orderId)
  return useMutation({
    mutationKey: [ACQUIRING_MUTATION, "review", paymentId],
    mutationFn: (decision: "release" | "reject") =>
      sdk.client.fetch<unknown>(
        `/admin/acquiring/payments/${paymentId}/review`,
        { method: "POST", body: { decision } }
      ),
    onSettled: () => settle(undefined),
  })
}

export function useSyncPayment(orderId: string, paymentId: string) {
  const settle = useSettle(orderId)
  return useMutation({
    mutationKey: [ACQUIRING_MUTATION, "sync", paymentId],
    mutationFn: () =>
      sdk.client.fetch<SyncAnswer>(
        `/admin/acquiring/payments/${paymentId}/sync`,
        { method: "POST" }
      ),
    onSuccess: (answer) => settle(answer.payment),
    onError: () => settle(undefined),
  })
}
