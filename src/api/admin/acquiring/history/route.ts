export { historySearchRoute as GET } from "../../../../payment-history/admin-routes"
