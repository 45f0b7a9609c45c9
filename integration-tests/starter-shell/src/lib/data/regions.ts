"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"

/** The region that sells to `countryCode`, else the store's first. */
export async function getRegion(
  countryCode: string
): Promise<HttpTypes.StoreRegion> {
  const { regions } = await sdk.store.region.list({})
  const region =
    regions.find((r) => r.countries?.some((c) => c.iso_2 === countryCode)) ??
    regions[0]
  if (!region) throw new Error("The store has no region")
  return region
}
