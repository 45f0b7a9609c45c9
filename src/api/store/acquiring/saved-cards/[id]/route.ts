export { forgetSavedCardRoute as DELETE } from "../../../../../saved-cards/store-routes"
