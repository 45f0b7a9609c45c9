export { paymentDetailRoute as GET } from "../../../../../payment-detail/admin-routes"
