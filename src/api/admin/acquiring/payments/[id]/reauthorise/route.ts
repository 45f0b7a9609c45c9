export { reauthorisePaymentRoute as POST } from "../../reauthorise"
