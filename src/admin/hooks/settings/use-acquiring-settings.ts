import { useQuery } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { SettingsAnswer } from "../../lib/settings-api"
import { settingsKeys } from "./query-keys"

/** Accounts, providers with their effective values, and whether sign keys can be stored. */
export function useAcquiringSettings() {
  return useQuery({
    queryKey: settingsKeys.settings(),
    queryFn: () =>
      sdk.client.fetch<SettingsAnswer>("/admin/acquiring/settings"),
  })
}
