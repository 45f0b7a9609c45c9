import { useMutation, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { Account } from "../../lib/settings-api"
import { settingsKeys } from "./query-keys"

/** A create or partial-update body as the settings API takes it (it validates every field). */
export type AccountBody = Record<string, unknown>

/** Saves an account (create without an id, partial update with one); the list and the audit refresh. */
export function useSaveAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AccountBody }) =>
      sdk.client.fetch<{ account: Account }>(
        id
          ? `/admin/acquiring/settings/accounts/${id}`
          : "/admin/acquiring/settings/accounts",
        { method: "POST", body }
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  })
}

export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      sdk.client.fetch<{ id: string; deleted: boolean }>(
        `/admin/acquiring/settings/accounts/${id}`,
        { method: "DELETE" }
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  })
}
