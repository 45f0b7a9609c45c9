export { reauthorizePaymentRoute as POST } from "../../../../../../authorization-lapses/admin-routes"
