export { exportRoute as GET } from "../../../../../chargebacks/admin-routes"
