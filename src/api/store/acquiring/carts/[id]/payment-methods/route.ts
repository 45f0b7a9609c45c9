export { cartPaymentMethodsRoute as GET } from "../../../../../../payment-methods/cart-payment-methods"
