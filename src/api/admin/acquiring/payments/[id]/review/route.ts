export { reviewPaymentRoute as POST } from "../../payment-decisions"
