export { settingsRoute as GET } from "../../../../instance-health/admin-routes"
