export { refreshPayoutRoute as POST } from "../../../../../../payouts/refresh-payout"
