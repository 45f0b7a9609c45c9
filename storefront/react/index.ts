/** medusa-payment-acquiring-storefront/react: React components over the storefront kit. */
export {
  CardForm,
  fieldOfIssue,
  payLabel,
  type CardFormCart,
  type CardFormProps,
} from "./card-form.js"
export {
  HostedPaymentButton,
  type HostedPaymentButtonProps,
} from "./hosted-payment-button.js"
export {
  PaymentMethodList,
  type PaymentMethodListProps,
} from "./payment-method-list.js"
export { ENGLISH_MESSAGES, acquiringMessages } from "../messages-en.js"
export type { AcquiringMessages } from "../messages.js"
