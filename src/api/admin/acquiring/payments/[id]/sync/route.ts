export { syncPaymentRoute as POST } from "../../../../../../payment-detail/admin-routes"
