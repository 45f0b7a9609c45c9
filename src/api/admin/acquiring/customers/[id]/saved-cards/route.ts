export { customerSavedCardsRoute as GET } from "../../../../../../saved-cards/customer-saved-cards"
