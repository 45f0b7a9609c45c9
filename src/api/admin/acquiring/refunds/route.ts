export { GET } from "../../../../refunds/admin-routes"
