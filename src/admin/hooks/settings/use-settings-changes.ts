import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { ChangesAnswer } from "../../lib/settings-api"
import { settingsKeys } from "./query-keys"

/** The audit list: who changed which fields of which account, each before → after, never a sign key. */
export function useSettingsChanges(limit: number, offset: number) {
  return useQuery({
    queryKey: settingsKeys.changes(limit, offset),
    queryFn: () =>
      sdk.client.fetch<ChangesAnswer>("/admin/acquiring/settings/changes", {
        query: { limit, offset },
      }),
    placeholderData: keepPreviousData,
  })
}
