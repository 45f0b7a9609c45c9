import { useMutation } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { OfferedMethodsAnswer } from "../../lib/settings-api"

/** Asks the acquirer, through the server, which payment methods it offers a saved account. */
export function useOfferedMethods() {
  return useMutation({
    mutationFn: (accountId: string): Promise<OfferedMethodsAnswer> =>
      sdk.client
        .fetch<OfferedMethodsAnswer>(
          `/admin/acquiring/settings/accounts/${accountId}/payment-methods`
        )
        .catch((error: unknown) => ({
          outcome: "not_asked" as const,
          message: error instanceof Error ? error.message : String(error),
        })),
  })
}
