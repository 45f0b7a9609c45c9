export { reauthorizePaymentRoute as POST } from "../../../../../../authorization-lapses/reauthorize"
