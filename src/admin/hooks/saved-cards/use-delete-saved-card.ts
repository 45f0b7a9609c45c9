import { useMutation, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { SavedCardDeleted } from "../../lib/saved-cards-api"
import { savedCardKeys } from "./query-keys"

/**
 * Deletes one of the customer's saved cards. The list refreshes whatever
 * the answer: a 404 means the customer or another admin deleted it first.
 */
export function useDeleteSavedCard(customerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (cardId: string) =>
      sdk.client.fetch<SavedCardDeleted>(
        `/admin/acquiring/saved-cards/${cardId}`,
        { method: "DELETE" }
      ),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: savedCardKeys.ofCustomer(customerId),
      }),
  })
}
