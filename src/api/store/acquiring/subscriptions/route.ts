export { listCustomerSubscriptionsRoute as GET } from "../../../../renewals/store-routes"
