import { useMutation, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import { ACQUIRING_MUTATION } from "../../lib/order-money-watch"
import { refreshOrder } from "../payments/query-keys"
import type {
  ChargeSavedCardAnswer,
  ChargeSavedCardBodyType,
} from "../../../admin-contract/merchant-charges"

/** Staff charge the customer's saved card for the order; Medusa's cards and the widget refresh whatever the answer. */
export function useChargeSavedCard(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [ACQUIRING_MUTATION, "charge-saved-card", orderId],
    mutationFn: (body: ChargeSavedCardBodyType) =>
      sdk.client.fetch<ChargeSavedCardAnswer>(
        `/admin/acquiring/orders/${orderId}/charge-saved-card`,
        { method: "POST", body }
      ),
    onSettled: () => refreshOrder(queryClient, orderId),
  })
}
