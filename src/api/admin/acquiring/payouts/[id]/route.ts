export { payoutDetailRoute as GET } from "../../../../../payouts/admin-routes"
