import { useMutation, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { ReauthorizeAnswer } from "../../lib/payment-api"
import { refreshOrder } from "./query-keys"
import { ACQUIRING_MUTATION } from "../../lib/order-money-watch"

/**
 * Re-authorise a lapsed payment with the customer's saved card. Whatever
 * the answer, the order's queries are refetched: a new payment may stand
 * on the order, and the widget lists it.
 */
export function useReauthorizePayment(orderId: string, paymentId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [ACQUIRING_MUTATION, "reauthorise", paymentId],
    mutationFn: () =>
      sdk.client.fetch<ReauthorizeAnswer>(
        `/admin/acquiring/payments/${paymentId}/reauthorise`,
        { method: "POST" }
      ),
    onSettled: () => refreshOrder(queryClient, orderId),
  })
}
