export { hostedPageHtmlRoute as GET } from "../../../../../../authorization/hosted-page-answers"
