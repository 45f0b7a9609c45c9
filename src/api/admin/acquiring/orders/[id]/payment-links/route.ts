export {
  createPaymentLinkRoute as POST,
  listPaymentLinksRoute as GET,
} from "../../../../../../payment-links/admin-routes"
