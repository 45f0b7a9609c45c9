export { testConnectionRoute as POST } from "../../../account-handlers"
