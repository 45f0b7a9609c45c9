"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import { getRegion } from "./regions"

/** The products on sale in the country's region, with their prices there. */
export async function listProducts(
  countryCode: string
): Promise<HttpTypes.StoreProduct[]> {
  const region = await getRegion(countryCode)
  const { products } = await sdk.store.product.list({
    region_id: region.id,
    fields: "*variants.calculated_price",
    limit: 12,
  })
  return products
}
