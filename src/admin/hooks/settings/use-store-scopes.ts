import { useQuery } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { StoreScopes } from "../../lib/settings-api"
import { settingsKeys } from "./query-keys"

export type { StoreScopes }

/** The store's sales channels and regions, which an account may be limited to. */
export function useStoreScopes() {
  return useQuery({
    queryKey: settingsKeys.scopes(),
    queryFn: async (): Promise<StoreScopes> => {
      const [channels, regions] = await Promise.all([
        sdk.admin.salesChannel.list({ limit: 500, fields: "id,name" }),
        sdk.admin.region.list({ limit: 500, fields: "id,name,currency_code" }),
      ])
      return {
        sales_channels: channels.sales_channels.map(({ id, name }) => ({
          id,
          name,
        })),
        regions: regions.regions.map(({ id, name, currency_code }) => ({
          id,
          name,
          currency_code,
        })),
      }
    },
  })
}
