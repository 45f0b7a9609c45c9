export { chargeSavedCardRoute as POST } from "../../../../../../merchant-charges/admin-routes"
