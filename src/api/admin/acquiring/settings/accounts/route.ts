export { createAccountRoute as POST } from "../../../../../accounts/admin-routes"
