export {
  updateAccountRoute as POST,
  deleteAccountRoute as DELETE,
} from "../../../../../../accounts/admin-routes"
