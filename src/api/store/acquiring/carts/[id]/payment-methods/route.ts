/**
 * GET /store/acquiring/carts/:id/payment-methods: the methods the cart's
 * checkout offers, in the acquirer's recommended order with the merchant's
 * preferences (see ../../../../../../payment-methods/cart-payment-methods.ts).
 */
export { cartPaymentMethodsRoute as GET } from "../../../../../../payment-methods/cart-payment-methods"
