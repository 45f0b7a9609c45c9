import { useQuery } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import { isSettled, type AcquiringPayment } from "../../lib/payment-api"
import { paymentKeys } from "./query-keys"

/** Polls while the payment is not settled: Medusa's own buttons do not tell extensions they ran. */
export const UNSETTLED_REFETCH_MS = 4000

export function useAcquiringPayment(orderId: string, paymentId: string) {
  return useQuery({
    queryKey: paymentKeys.detail(orderId, paymentId),
    queryFn: async () =>
      (
        await sdk.client.fetch<{ payment: AcquiringPayment }>(
          `/admin/acquiring/payments/${paymentId}`
        )
      ).payment,
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      query.state.data && isSettled(query.state.data)
        ? false
        : UNSETTLED_REFETCH_MS,
  })
}
