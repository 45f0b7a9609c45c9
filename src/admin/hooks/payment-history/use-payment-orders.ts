import { useQuery } from "@tanstack/react-query"
import type { OrderRef } from "../../lib/history-orders"
import { sdk } from "../../lib/sdk"

type PaymentsAnswer = {
  payments: {
    id: string
    payment_collection?: { order?: OrderRef | null } | null
  }[]
}

/**
 * The Medusa order of each payment, for the entries to link to: one ask of
 * Medusa's own payments list (the order hangs off the payment's collection).
 * A payment it does not answer for has no link, only its numbers.
 */
export function usePaymentOrders(paymentIds: string[]) {
  const ids = [...new Set(paymentIds)].sort()
  return useQuery({
    queryKey: ["acquiring-history", "orders", ids],
    enabled: ids.length > 0,
    queryFn: async () => {
      const { payments } = await sdk.client.fetch<PaymentsAnswer>(
        "/admin/payments",
        {
          query: {
            id: ids,
            limit: ids.length,
            fields:
              "id,payment_collection.order.id,payment_collection.order.display_id",
          },
        }
      )
      return new Map(
        payments.flatMap((p) =>
          p.payment_collection?.order
            ? [[p.id, p.payment_collection.order] as const]
            : []
        )
      )
    },
    staleTime: Infinity,
  })
}
