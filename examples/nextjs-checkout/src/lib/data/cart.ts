"use server"

import type { HttpTypes } from "@medusajs/types"
import type { DeviceData } from "medusa-payment-acquiring-storefront"
import { redirect } from "next/navigation"
import { SALES_CHANNEL_ID, sdk } from "@lib/config"
import { getCartId, removeCartId, setCartId } from "@lib/data/cookies"
import { shopRegion } from "@lib/data/regions"

const CART_FIELDS =
  "*items,*shipping_methods,*payment_collection,*payment_collection.payment_sessions,+total,+subtotal,+shipping_total,+tax_total"

/** The shopper's cart, from the cart cookie; null when there is none (or it is already an order). */
export async function retrieveCart(): Promise<HttpTypes.StoreCart | null> {
  const id = await getCartId()
  if (!id) return null
  return sdk.store.cart
    .retrieve(id, { fields: CART_FIELDS }, { cache: "no-store" })
    .then(({ cart }) => (cart.completed_at ? null : cart))
    .catch(() => null)
}

async function requireCart(): Promise<HttpTypes.StoreCart> {
  const cart = await retrieveCart()
  if (!cart) redirect("/")
  return cart
}

export async function addToCart(formData: FormData): Promise<void> {
  const variantId = String(formData.get("variant_id") ?? "")
  let cart = await retrieveCart()
  if (!cart) {
    const region = await shopRegion()
    cart = (
      await sdk.store.cart.create({
        region_id: region.id,
        ...(SALES_CHANNEL_ID ? { sales_channel_id: SALES_CHANNEL_ID } : {}),
      })
    ).cart
    await setCartId(cart.id)
  }
  await sdk.store.cart.createLineItem(cart.id, {
    variant_id: variantId,
    quantity: 1,
  })
  redirect("/checkout?step=address")
}

function text(formData: FormData, name: string): string {
  return String(formData.get(name) ?? "").trim()
}

export async function setAddresses(formData: FormData): Promise<void> {
  const cart = await requireCart()
  const address = {
    first_name: text(formData, "first_name"),
    last_name: text(formData, "last_name"),
    address_1: text(formData, "address_1"),
    city: text(formData, "city"),
    postal_code: text(formData, "postal_code"),
    country_code: text(formData, "country_code"),
  }
  await sdk.store.cart.update(cart.id, {
    email: text(formData, "email"),
    shipping_address: address,
    billing_address: address,
  })
  redirect("/checkout?step=delivery")
}

export async function setShippingMethod(formData: FormData): Promise<void> {
  const cart = await requireCart()
  await sdk.store.cart.addShippingMethod(cart.id, {
    option_id: text(formData, "option_id"),
  })
  redirect("/checkout?step=payment")
}

/**
 * Starts the chosen method's session: its provider's, with the browser's
 * device data (3-D Secure needs it) and the method's code, on which the
 * hosted page opens. Answers Medusa's refusal (a method no longer offered).
 */
export async function initiatePaymentSession(
  providerId: string,
  device: DeviceData,
  paymentMethod?: string
): Promise<string | undefined> {
  const cart = await requireCart()
  try {
    await sdk.store.payment.initiatePaymentSession(cart, {
      provider_id: providerId,
      data: {
        device,
        ...(paymentMethod ? { payment_method: paymentMethod } : {}),
      },
    })
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/**
 * A bank transfer was sent and its money is awaited: Medusa makes the order
 * without a payment. Completes the cart (unless the order is already made)
 * and answers the order's number for the shopper, or Medusa's refusal.
 */
export async function placeAwaitedOrder(
  cartId: string,
  orderId: string | null
): Promise<{ id: string; number: string } | { error: string }> {
  let id = orderId
  if (!id) {
    const result = await sdk.store.cart.complete(cartId)
    if (result.type !== "order")
      return {
        error: result.error?.message ?? "The order could not be placed.",
      }
    id = result.order.id
  }
  if ((await getCartId()) === cartId) await removeCartId()
  const { order } = await sdk.store.order.retrieve(
    id,
    { fields: "id,display_id" },
    { cache: "no-store" }
  )
  return { id: order.id, number: `#${order.display_id}` }
}

/**
 * Completes the cart into an order and shows its confirmation. Takes the
 * cart id from the caller where it has one (the return page has it from
 * the payment, not from the cookie); answers Medusa's refusal otherwise.
 */
export async function placeOrder(cartId?: string): Promise<string> {
  const id = cartId ?? (await getCartId())
  if (!id) return "Your cart was not found."
  const result = await sdk.store.cart.complete(id)
  if (result.type !== "order")
    return result.error?.message ?? "The order could not be placed."
  if ((await getCartId()) === id) await removeCartId()
  redirect(`/order/${result.order.id}/confirmed`)
}
