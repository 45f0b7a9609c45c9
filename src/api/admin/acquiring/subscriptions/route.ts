export { listSubscriptionsRoute as GET } from "../../../../renewals/admin-routes"
