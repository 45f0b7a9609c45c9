export { GET } from "../../../../authorization/hosted-page-route"
