export { GET, POST } from "../../../../payouts/admin-routes"
