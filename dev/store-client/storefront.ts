import {
  expectStatus,
  httpClient,
  type HttpAnswer,
  type HttpClient,
} from "./http-client"
import type { SeededStore } from "../local-stack/seed-store"

export const SHOPPER_EMAIL = "ada.shopper@example.test"

/** Store API client carrying the publishable key, as a storefront sends it. */
export function storeApi(
  baseUrl: () => string,
  publishableKey: () => string
): HttpClient {
  return httpClient(baseUrl, () => ({
    "x-publishable-api-key": publishableKey(),
  }))
}

function address(country: string) {
  return {
    first_name: "Ada",
    last_name: "Shopper",
    address_1: "12 Harbour Street",
    city: "Springfield",
    province: "Central",
    postal_code: "12345",
    country_code: country,
    phone: "5550100",
  }
}

/**
 * A cart ready for payment, built through the store API: email, billing and
 * shipping address, `quantity` of the seeded variant and the region's
 * shipping method.
 */
export async function createReadyCart(
  store: HttpClient,
  seeded: SeededStore,
  options: { currency?: string; quantity?: number; email?: string } = {}
): Promise<any> {
  const region = seeded.regions[options.currency ?? "usd"]
  const { cart } = expectStatus(
    await store.post("/store/carts", {
      region_id: region.id,
      sales_channel_id: seeded.salesChannelId,
      email: options.email ?? SHOPPER_EMAIL,
      shipping_address: address(region.country),
      billing_address: address(region.country),
      items: [
        { variant_id: seeded.variantId, quantity: options.quantity ?? 1 },
      ],
    }),
    200,
    "create cart"
  )
  const withShipping = expectStatus(
    await store.post(`/store/carts/${cart.id}/shipping-methods`, {
      option_id: region.shippingOptionId,
    }),
    200,
    "add shipping method"
  )
  return withShipping.cart
}

/** Device data a storefront collects for 3-D Secure. */
export const SHOPPER_DEVICE = {
  os: "Linux",
  browser: "Firefox",
  time_zone: "+00:00",
  resolution: "1920x1080",
  color_depth: "24",
  challenge_window_size: "01",
}

/** Creates the cart's payment collection and one payment session for `providerId`. */
export async function openPaymentSession(
  store: HttpClient,
  cartId: string,
  providerId: string,
  data: Record<string, unknown> = { device: SHOPPER_DEVICE },
  /** the browser's headers, over a desktop browser's User-Agent and language */
  headers: Record<string, string> = {}
): Promise<{
  collectionId: string
  session: any
  answer: HttpAnswer
}> {
  const { payment_collection } = expectStatus(
    await store.post("/store/payment-collections", { cart_id: cartId }),
    200,
    "create payment collection"
  )
  const answer = await store.post(
    `/store/payment-collections/${payment_collection.id}/payment-sessions`,
    { provider_id: providerId, data },
    {
      headers: {
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64) IntegrationTest/1.0",
        "accept-language": "en-GB",
        ...headers,
      },
    }
  )
  const collection = answer.data?.payment_collection
  const session = collection?.payment_sessions?.find(
    (s: any) => s.provider_id === providerId
  )
  return { collectionId: payment_collection.id, session, answer }
}

/** POST /store/carts/:id/complete; the answer is returned whatever its status. */
export function completeCart(store: HttpClient, cartId: string) {
  return store.post(`/store/carts/${cartId}/complete`, {})
}
