export { forgetSavedCardRoute as DELETE } from "../../../../../saved-cards/admin-routes"
