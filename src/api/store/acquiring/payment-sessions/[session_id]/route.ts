export { paymentSessionRoute as GET } from "../../../../../session-access/store-routes"
