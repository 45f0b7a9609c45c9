export {
  updateAccountRoute as POST,
  deleteAccountRoute as DELETE,
} from "../../account-handlers"
