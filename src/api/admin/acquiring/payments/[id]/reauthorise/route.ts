export { reauthorisePaymentRoute as POST } from "../../../../../../authorization-lapses/reauthorize"
