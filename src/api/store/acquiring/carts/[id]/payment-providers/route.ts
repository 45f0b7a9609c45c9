/**
 * GET /store/acquiring/carts/:id/payment-providers: the acquiring providers
 * of the cart's region and whether each may serve the cart now (see
 * ../../cart-payment-providers.ts).
 */
export { cartPaymentProvidersRoute as GET } from "../../../../../../availability/cart-payment-providers"
