"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import { getAuthHeaders, getCacheOptions } from "./cookies"

/** An order, cached under this browser's orders tag, as the starter caches it. */
export async function retrieveOrder(id: string): Promise<HttpTypes.StoreOrder> {
  const { order } = await sdk.client.fetch<HttpTypes.StoreOrderResponse>(
    `/store/orders/${id}`,
    {
      method: "GET",
      query: {
        fields:
          "id,display_id,email,status,total,currency_code,payment_status,*payment_collections.payments",
      },
      headers: { ...(await getAuthHeaders()) },
      next: { ...(await getCacheOptions("orders")) },
      cache: "force-cache",
    }
  )
  return order
}
