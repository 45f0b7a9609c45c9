export { hostedPageHtmlRoute as GET } from "../../hosted-page-answers"
