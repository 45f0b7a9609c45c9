export { hostedPageLinkRoute as POST } from "../../hosted-page-answers"
