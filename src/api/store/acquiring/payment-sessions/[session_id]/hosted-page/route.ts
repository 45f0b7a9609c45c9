export { hostedPageLinkRoute as POST } from "../../../../../../authorization/hosted-page-answers"
