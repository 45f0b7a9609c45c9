import { paymentLinkPage } from "../../payment-link-page"

export const GET = paymentLinkPage
