export {
  cancelRoute as GET,
  cancelRoute as POST,
} from "../../../../authorization/public-routes"
