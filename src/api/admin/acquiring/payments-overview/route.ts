export { overviewRoute as GET } from "../../../../payments-overview/admin-routes"
