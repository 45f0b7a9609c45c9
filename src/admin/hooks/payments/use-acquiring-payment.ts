import { useQuery } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { AcquiringPayment } from "../../lib/payment-api"
import { paymentKeys } from "./query-keys"

/**
 * One acquiring payment. Asked again when the admin comes back to the tab,
 * when Medusa's own order actions finish (its keys hold this one), and
 * when the order's money changed elsewhere (use-order-money-watch.ts): an
 * outcome confirmed, an authorisation captured on fulfilment, a chargeback.
 */
export function useAcquiringPayment(orderId: string, paymentId: string) {
  return useQuery({
    queryKey: paymentKeys.detail(orderId, paymentId),
    queryFn: async () =>
      (
        await sdk.client.fetch<{ payment: AcquiringPayment }>(
          `/admin/acquiring/payments/${paymentId}`
        )
      ).payment,
    // the dashboard's queries stay fresh 90 s and skip focus: this one is asked on every return
    refetchOnWindowFocus: "always",
  })
}
