export { GET } from "../../../../../authorization/payment-return-route"
