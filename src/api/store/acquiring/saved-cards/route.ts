export { listSavedCardsRoute as GET } from "../../../../saved-cards/store-routes"
