"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"

/** The region's payment providers, by id. */
export async function listCartPaymentMethods(
  regionId: string
): Promise<HttpTypes.StorePaymentProvider[]> {
  const { payment_providers } = await sdk.store.payment.listPaymentProviders({
    region_id: regionId,
  })
  return payment_providers.sort((a, b) => (a.id > b.id ? 1 : -1))
}
