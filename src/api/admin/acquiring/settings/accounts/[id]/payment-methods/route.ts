export { offeredMethodsRoute as GET } from "../../../../../../../accounts/admin-routes"
