/** medusa-payment-acquiring/storefront/react: React components over the storefront kit. */
export {
  CardForm,
  fieldOfIssue,
  type CardFormCart,
  type CardFormProps,
} from "./card-form.js"
export {
  DEFAULT_SHOPPER_TEXT,
  shopperText,
  type ShopperText,
} from "./shopper-text.js"
export {
  HostedPaymentButton,
  type HostedPaymentButtonProps,
} from "./hosted-payment-button.js"
