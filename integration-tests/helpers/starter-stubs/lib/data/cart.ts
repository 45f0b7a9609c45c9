import type { HttpTypes } from "@medusajs/types"

export declare function retrieveCart(
  cartId?: string
): Promise<HttpTypes.StoreCart | null>
export declare function initiatePaymentSession(
  cart: HttpTypes.StoreCart,
  data: HttpTypes.StoreInitializePaymentSession
): Promise<HttpTypes.StorePaymentCollectionResponse>
/** Redirects to the order's confirmation when the cart becomes an order. */
export declare function placeOrder(
  cartId?: string
): Promise<HttpTypes.StoreCart>
