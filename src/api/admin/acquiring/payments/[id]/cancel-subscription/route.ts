export { cancelSubscriptionRoute as POST } from "../../../../../../risk-review/payment-decisions"
