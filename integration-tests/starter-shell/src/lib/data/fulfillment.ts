"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"

/** The shipping options the cart may use. */
export async function listCartShippingMethods(
  cartId: string
): Promise<HttpTypes.StoreCartShippingOption[]> {
  const { shipping_options } = await sdk.store.fulfillment.listCartOptions({
    cart_id: cartId,
  })
  return shipping_options
}
