export { paymentHistoryRoute as GET } from "../../../../../../payment-history/admin-routes"
