export { recordRefundsRoute as POST } from "../../../../../refunds/admin-routes"
