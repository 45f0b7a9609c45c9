import type { HttpTypes } from "@medusajs/types"
import { DEFAULT_COUNTRY, sdk } from "@lib/config"

/** The region of the default country, else the store's first. */
export async function shopRegion(): Promise<HttpTypes.StoreRegion> {
  const { regions } = await sdk.store.region.list({}, { cache: "no-store" })
  const region =
    regions.find((r) =>
      r.countries?.some((c) => c.iso_2 === DEFAULT_COUNTRY)
    ) ?? regions[0]
  if (!region) throw new Error("The store has no region")
  return region
}
