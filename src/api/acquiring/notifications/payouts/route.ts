export { payoutNotificationRoute as POST } from "../../../../payouts/public-routes"
