export { cancelCustomerSubscriptionRoute as POST } from "../../../../../../renewals/store-routes"
