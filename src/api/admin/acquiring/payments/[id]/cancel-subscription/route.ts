export { cancelSubscriptionRoute as POST } from "../../payment-decisions"
