import { useMutation } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { ConnectionVerdict } from "../../lib/settings-api"

/** A signed status query for a made-up order with the account's credentials; the verdict in words. */
export function useTestConnection() {
  return useMutation({
    mutationFn: (accountId: string) =>
      sdk.client.fetch<ConnectionVerdict>(
        `/admin/acquiring/settings/accounts/${accountId}/test-connection`,
        { method: "POST" }
      ),
  })
}
