/**
 * For each sales channel and region of the store, who would serve a card
 * payment of its carts now (account-record.ts: accountFor), so the settings
 * page can show the whole map and point at the carts nobody serves.
 */
import { z } from "zod"
import type { CartCoverage, StoreScopes } from "../admin-contract/settings"

export type { StoreScopes }
import { accountFor, cartInScope, type AccountRecord } from "./account-record"
import { AcquiringOptionsSchema } from "./options"
import { acquiringEntries, fullProviderId } from "./provider-entries"
import { optionsComplete } from "./settings-view"

/** The store's sales channels and regions as Medusa's query answers them. */
export const StoreScopesSchema: z.ZodType<StoreScopes> = z.object({
  sales_channels: z.array(z.object({ id: z.string(), name: z.string() })),
  regions: z.array(
    z.object({ id: z.string(), name: z.string(), currency_code: z.string() })
  ),
})

const { shape } = AcquiringOptionsSchema
/** The carts an entry's own options serve when no account does. */
const ConfigLimitsSchema = z.object({
  currencies: shape.currencies,
  sales_channels: shape.sales_channels,
  regions: shape.regions,
})

export function cartCoverage(
  configModule: unknown,
  accounts: readonly AccountRecord[],
  store: StoreScopes
): CartCoverage[] {
  const live = accounts.filter((a) => !a.deleted_at)
  // the card provider of each entry: the hosted one follows the same accounts unless an account names one of them
  return acquiringEntries(configModule).flatMap((entry) => {
    const provider_id = fullProviderId("acquiring-card", entry.id)
    const complete = optionsComplete(entry.options)
    const limits = ConfigLimitsSchema.safeParse(entry.options ?? {})
    return store.sales_channels.flatMap((channel) =>
      store.regions.map((region): CartCoverage => {
        const cart = {
          currency: region.currency_code,
          sales_channel_id: channel.id,
          region_id: region.id,
        }
        const account = accountFor(live, provider_id, cart)
        const config =
          complete && limits.success && cartInScope(limits.data, cart)
        return {
          sales_channel: channel,
          region,
          provider_id,
          served_by: account ? "account" : config ? "config" : "none",
          account: account ? { id: account.id, name: account.name } : null,
        }
      })
    )
  })
}
