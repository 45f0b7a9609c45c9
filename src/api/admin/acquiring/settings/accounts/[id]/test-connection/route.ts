export { testConnectionRoute as POST } from "../../../../../../../accounts/admin-routes"
