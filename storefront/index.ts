/**
 * medusa-payment-acquiring-storefront: the browser side of the acquiring
 * payment providers, free of any framework and of server code.
 */
export {
  fetchTransport,
  sdkTransport,
  type FetchTransportOptions,
  type MedusaSdkLike,
  type StoreAnswer,
  type StoreMethod,
  type StoreTransport,
} from "./transport.js"
export {
  collectDeviceData,
  type DeviceData,
  type DeviceSource,
} from "./device-data.js"
export {
  ACQUIRING_PROVIDERS,
  findSession,
  providerId,
  readSession,
  startSession,
  type AcquiringMethod,
  type AcquiringSession,
  type CartLike,
  type PublicSessionData,
  type SessionStatus,
  type StartSessionOptions,
  type ThreeDsForm,
  type TransferCourse,
} from "./session.js"
export { AcquiringRequestError } from "./request-error.js"
export {
  mapCardAnswer,
  outcomeOfSession,
  submitCard,
  type CardDetails,
  type CardHolder,
  type CardOutcome,
  type SavedCardChoice,
  type SubmitCardOptions,
} from "./card-outcome.js"
export {
  SAVED_CARD_GONE_CODE,
  brandName,
  deleteSavedCard,
  isSavedCardGone,
  listSavedCards,
  type SavedCard,
  type SavedCardDeletion,
} from "./saved-cards.js"
export {
  cancelSubscription,
  listSubscriptions,
  type Subscription,
  type SubscriptionCancellation,
  type SubscriptionStatus,
} from "./subscriptions.js"
export {
  availableAcquiringProviders,
  type ProviderAvailability,
  type UnavailableReason,
} from "./provider-availability.js"
export {
  KNOWN_PAYMENT_METHODS,
  isHostedProvider,
  isKnownPaymentMethod,
  listPaymentMethods,
  paysOnHostedPage,
  watchPaymentMethods,
  type CartPaymentMethods,
  type KnownPaymentMethod,
  type PaymentMethod,
  type WatchPaymentMethodsOptions,
} from "./payment-methods.js"
export {
  openHostedPage,
  type HostedPageOptions,
  type HostedPageOutcome,
} from "./hosted-page.js"
export {
  followTransfer,
  readPaymentReturn,
  readReturn,
  returnOutcome,
  waitForConfirmation,
  type FollowOptions,
  type PaymentReturn,
  type ReturnOutcome,
  type ReturnedPayment,
  type WaitOptions,
} from "./return-page.js"
export { postForm } from "./browser-navigation.js"
export {
  ENGLISH_CARD_CHECKS,
  type AcquiringMessages,
  type CardCheckMessages,
  type TransferText,
} from "./messages.js"
export {
  cardBrand,
  formatExpiry,
  checkCard,
  checkSavedCardCode,
  formatCardNumber,
  luhnValid,
  type CardField,
  type CardProblems,
} from "./card-checks.js"
