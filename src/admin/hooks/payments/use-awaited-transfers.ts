import { useQuery } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import { orderDetailKey } from "./query-keys"
import { ACQUIRING_PROVIDER } from "./use-order-payment-ids"

/** A payment session of the order whose money the acquirer still awaits (a bank transfer). */
export type AwaitedTransfer = {
  id: string
  amount: number | string
  currency_code: string
  /** not in Medusa's session type, though its admin route answers it when asked */
  created_at?: string | Date
  /** the storefront's view of the session (payment_method: the method the shopper picked) */
  data?: Record<string, unknown> | null
}

type OrderSessions = {
  order: {
    payment_collections?: {
      payment_sessions?: (AwaitedTransfer & {
        provider_id: string
        status: string
      })[]
    }[]
  }
}

// while money is awaited the page looks again now and then: its arrival changes nothing here
const AWAITED_REFETCH_MS = 15_000

/** The order's acquiring sessions in Medusa's pending_authorization: made into an order while the transfer is awaited. */
export function useAwaitedTransfers(orderId: string) {
  return useQuery({
    queryKey: [...orderDetailKey(orderId), { acquiring: "awaited" }],
    queryFn: async () => {
      const { order }: OrderSessions = await sdk.admin.order.retrieve(orderId, {
        fields: [
          "id",
          "payment_collections.payment_sessions.id",
          "payment_collections.payment_sessions.provider_id",
          "payment_collections.payment_sessions.status",
          "payment_collections.payment_sessions.amount",
          "payment_collections.payment_sessions.currency_code",
          "payment_collections.payment_sessions.created_at",
          "payment_collections.payment_sessions.data",
        ].join(","),
      })
      return (order.payment_collections ?? [])
        .flatMap((c) => c.payment_sessions ?? [])
        .filter(
          (s) =>
            ACQUIRING_PROVIDER.test(s.provider_id) &&
            s.status === "pending_authorization"
        )
    },
    refetchInterval: (query) =>
      query.state.data?.length ? AWAITED_REFETCH_MS : false,
  })
}
