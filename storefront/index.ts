/**
 * medusa-payment-acquiring/storefront: the browser side of the acquiring
 * payment providers, free of any framework and of server code.
 */
export {
  fetchTransport,
  sdkTransport,
  type FetchTransportOptions,
  type MedusaSdkLike,
  type StoreAnswer,
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
  type ThreeDsForm,
} from "./session.js"
export { AcquiringRequestError } from "./request-error.js"
export {
  mapCardAnswer,
  outcomeOfSession,
  submitCard,
  type CardDetails,
  type CardHolder,
  type CardOutcome,
} from "./card-outcome.js"
export { openHostedPage, type HostedPageOutcome } from "./hosted-page.js"
export {
  readReturn,
  waitForConfirmation,
  type ReturnedPayment,
  type WaitOptions,
} from "./return-page.js"
export { postForm } from "./browser-navigation.js"
export {
  cardBrand,
  formatExpiry,
  checkCard,
  formatCardNumber,
  luhnValid,
  type CardField,
  type CardProblems,
} from "./card-checks.js"
