export { GET } from "../../../../../accounts/settings-changes-route"
