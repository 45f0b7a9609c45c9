export { cardPaymentRoute as POST } from "../../../../../../authorization/store-routes"
