export { customerSavedCardsRoute as GET } from "../../customer-saved-cards"
