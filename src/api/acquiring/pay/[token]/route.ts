import { paymentLinkPage } from "../../../../payment-links/payment-link-page"

export const GET = paymentLinkPage
