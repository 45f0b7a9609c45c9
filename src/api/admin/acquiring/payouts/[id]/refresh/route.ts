export { refreshPayoutRoute as POST } from "../../refresh-payout"
