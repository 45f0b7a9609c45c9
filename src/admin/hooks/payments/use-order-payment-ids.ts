import { useQuery } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import { paymentKeys } from "./query-keys"

/** The fields the query selects (AdminOrderResponse with the rest left out). */
type OrderPayments = {
  order: {
    payment_collections?: { payments?: { id: string; provider_id: string }[] }[]
  }
}

export const ACQUIRING_PROVIDER = /^pp_acquiring-(card|hosted)_/

/** Ids of the order's payments made through an acquiring provider. */
export function useOrderPaymentIds(orderId: string) {
  return useQuery({
    queryKey: paymentKeys.ofOrder(orderId),
    queryFn: async () => {
      const { order }: OrderPayments = await sdk.admin.order.retrieve(orderId, {
        fields:
          "id,payment_collections.payments.id,payment_collections.payments.provider_id",
      })
      return (order.payment_collections ?? [])
        .flatMap((c) => c.payments ?? [])
        .filter((p) => ACQUIRING_PROVIDER.test(p.provider_id))
        .map((p) => p.id)
    },
  })
}
