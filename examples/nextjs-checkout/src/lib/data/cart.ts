"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import { revalidateTag } from "next/cache"
import { redirect } from "next/navigation"
import {
  getAuthHeaders,
  getCacheOptions,
  getCacheTag,
  getCartId,
  removeCartId,
  setCartId,
} from "./cookies"
import { getRegion } from "./regions"

/** Carts are made in this sales channel when set, else in the store's default one. */
const SALES_CHANNEL_ID = process.env.MEDUSA_SALES_CHANNEL_ID || undefined

const forgetCarts = async () => revalidateTag(await getCacheTag("carts"))

/**
 * The shopper's cart (by the cart cookie unless `cartId` is given), null
 * when there is none. Cached under this browser's carts tag, as the
 * starter caches it: whatever changes the cart forgets that tag.
 */
export async function retrieveCart(
  cartId?: string
): Promise<HttpTypes.StoreCart | null> {
  const id = cartId || (await getCartId())
  if (!id) return null
  return sdk.client
    .fetch<HttpTypes.StoreCartResponse>(`/store/carts/${id}`, {
      method: "GET",
      query: {
        fields:
          "*items, *region, *shipping_methods, *payment_collection.payment_sessions, +total, +email",
      },
      headers: { ...(await getAuthHeaders()) },
      next: { ...(await getCacheOptions("carts")) },
      cache: "force-cache",
    })
    .then(({ cart }) => cart)
    .catch(() => null)
}

/** Add to cart: a cart is made when the shopper has none, then the checkout opens. */
export async function addToCart(formData: FormData): Promise<void> {
  const countryCode = String(formData.get("country_code") ?? "us")
  const headers = { ...(await getAuthHeaders()) }
  let cart = await retrieveCart()
  if (!cart || cart.completed_at) {
    const region = await getRegion(countryCode)
    cart = (
      await sdk.store.cart.create(
        {
          region_id: region.id,
          ...(SALES_CHANNEL_ID ? { sales_channel_id: SALES_CHANNEL_ID } : {}),
        },
        {},
        headers
      )
    ).cart
    await setCartId(cart.id)
  }
  await sdk.store.cart.createLineItem(
    cart.id,
    { variant_id: String(formData.get("variant_id")), quantity: 1 },
    {},
    headers
  )
  await forgetCarts()
  redirect(`/${countryCode}/checkout?step=address`)
}

const field = (formData: FormData, name: string) =>
  String(formData.get(name) ?? "").trim()

export async function setAddresses(formData: FormData): Promise<void> {
  const cartId = await getCartId()
  if (!cartId) throw new Error("No existing cart found when setting addresses")
  const address = {
    first_name: field(formData, "first_name"),
    last_name: field(formData, "last_name"),
    address_1: field(formData, "address_1"),
    city: field(formData, "city"),
    postal_code: field(formData, "postal_code"),
    country_code: field(formData, "country_code"),
  }
  await sdk.store.cart.update(
    cartId,
    {
      email: field(formData, "email"),
      shipping_address: address,
      billing_address: address,
    },
    {},
    { ...(await getAuthHeaders()) }
  )
  await forgetCarts()
  redirect(`/${address.country_code}/checkout?step=delivery`)
}

export async function setShippingMethod({
  cartId,
  shippingMethodId,
}: {
  cartId: string
  shippingMethodId: string
}): Promise<void> {
  await sdk.store.cart.addShippingMethod(
    cartId,
    { option_id: shippingMethodId },
    {},
    { ...(await getAuthHeaders()) }
  )
  await forgetCarts()
}

/** Starts a payment session of a provider for the cart (replacing its others). */
export async function initiatePaymentSession(
  cart: HttpTypes.StoreCart,
  data: HttpTypes.StoreInitializePaymentSession
) {
  const answer = await sdk.store.payment.initiatePaymentSession(
    cart,
    data,
    {},
    { ...(await getAuthHeaders()) }
  )
  await forgetCarts()
  return answer
}

/**
 * Places the order (the cart by its cookie unless `cartId` is given) and
 * opens its confirmation; throws Medusa's refusal.
 */
export async function placeOrder(cartId?: string) {
  const id = cartId || (await getCartId())
  if (!id) throw new Error("No existing cart found when placing an order")
  const result = await sdk.store.cart.complete(
    id,
    {},
    { ...(await getAuthHeaders()) }
  )
  await forgetCarts()
  if (result.type !== "order")
    throw new Error(result.error?.message ?? "The order could not be placed.")
  revalidateTag(await getCacheTag("orders"))
  if ((await getCartId()) === id) await removeCartId()
  const countryCode = result.order.shipping_address?.country_code?.toLowerCase()
  redirect(`/${countryCode}/order/${result.order.id}/confirmed`)
}
