export { reviewPaymentRoute as POST } from "../../../../../../risk-review/payment-decisions"
