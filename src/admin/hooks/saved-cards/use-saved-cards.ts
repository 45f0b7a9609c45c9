import { useQuery } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { SavedCardsAnswer } from "../../lib/saved-cards-api"
import { savedCardKeys } from "./query-keys"

/** The customer's saved cards that can still pay, newest first. */
export function useSavedCards(customerId: string) {
  return useQuery({
    queryKey: savedCardKeys.ofCustomer(customerId),
    queryFn: async () =>
      (
        await sdk.client.fetch<SavedCardsAnswer>(
          `/admin/acquiring/customers/${customerId}/saved-cards`
        )
      ).saved_cards,
  })
}
