export { listRoute as GET } from "../../../../chargebacks/admin-routes"
