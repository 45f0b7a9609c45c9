export { paymentLinkPage as GET } from "../../../../payment-links/payment-link-page"
