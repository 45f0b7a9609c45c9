export { cartPaymentProvidersRoute as GET } from "../../../../../../availability/cart-payment-providers"
