export {
  returnRoute as GET,
  returnRoute as POST,
} from "../../../../authorization/public-routes"
