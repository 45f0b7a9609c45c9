export { overviewExportRoute as GET } from "../../../../../payments-overview/admin-routes"
