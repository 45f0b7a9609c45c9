/**
 * The gateway client: every operation of the acquiring service, signed on the
 * way out and verified on the way back, with typed errors. See
 * docs/design.md ("Client contract") and docs/gateway-client.md.
 */
import type { CheckoutPage } from "../codecs/checkout-page"
import type { BatchLimits } from "../limits"
import type { CancelEntry, CancelEntryResult } from "../schemas/cancel"
import type { CaptureEntry, CaptureEntryResult } from "../schemas/capture"
import type {
  OptimizeRequestInput,
  OptimizeResponse,
} from "../schemas/optimize"
import type {
  AuthorizeRequestInput,
  CheckoutRequestInput,
} from "../schemas/payment-order"
import type { PayoutRequestInput, PayoutResponse } from "../schemas/payout"
import type { QueryEntry } from "../schemas/query"
import type { RefundEntry, RefundEntryResult } from "../schemas/refund"
import type { RefundSearchEntry } from "../schemas/refund-search"
import type { ReviewEntry, ReviewEntryResult } from "../schemas/review"
import type {
  CancelSubscriptionRequestInput,
  CancelSubscriptionResponse,
} from "../schemas/subscription"
import * as batch from "./batch-operations"
import type { BatchOutcome } from "./batch-operations"
import { createContext } from "./context"
import * as lookups from "./lookups"
import type { RefundSelector, TransactionSelector } from "./lookups"
import * as services from "./merchant-services"
import { resolveOptions, type AcquiringClientOptions } from "./options"
import * as payments from "./payments"
import type { VerifiedNotification, VerifiedResult } from "./payments"
import { payout, verifyPayoutNotification } from "./payout"

export interface AcquiringClient {
  /** Entries per request of the batch operations and look-ups, as configured. */
  readonly limits: Readonly<BatchLimits>
  /** Direct card payment; the verified `respon`. A declined payment is a result, not an error. */
  authorize(order: AuthorizeRequestInput): Promise<VerifiedResult>
  /** Hosted checkout: the service's page verbatim plus its parsed form. */
  checkout(order: CheckoutRequestInput): Promise<CheckoutPage>
  capture(
    entries: readonly CaptureEntry[]
  ): Promise<BatchOutcome<CaptureEntryResult>>
  cancel(
    entries: readonly CancelEntry[]
  ): Promise<BatchOutcome<CancelEntryResult>>
  review(
    entries: readonly ReviewEntry[]
  ): Promise<BatchOutcome<ReviewEntryResult>>
  refund(
    entries: readonly RefundEntry[]
  ): Promise<BatchOutcome<RefundEntryResult>>
  retrieveTransactions(selector: TransactionSelector): Promise<QueryEntry[]>
  retrieveRefunds(selector: RefundSelector): Promise<RefundSearchEntry[]>
  payout(request: PayoutRequestInput): Promise<PayoutResponse>
  cancelSubscription(
    request: CancelSubscriptionRequestInput
  ): Promise<CancelSubscriptionResponse>
  optimize(request: OptimizeRequestInput): Promise<OptimizeResponse>
  /** Throws SignatureMismatchError unless the notification's signature holds. */
  verifyNotification(fields: Record<string, unknown>): VerifiedNotification
  /** Browser return or 3-D Secure result; throws SignatureMismatchError unless its signature holds. */
  verifyResult(fields: Record<string, unknown>): VerifiedResult
  /** Payout status notification (notify_type PAYOUT); throws SignatureMismatchError unless its signature holds. */
  verifyPayoutNotification(fields: Record<string, unknown>): PayoutResponse
}

export function createAcquiringClient(
  options: AcquiringClientOptions
): AcquiringClient {
  const ctx = createContext(resolveOptions(options))
  return Object.freeze({
    limits: Object.freeze({ ...ctx.options.limits }),
    authorize: (order: AuthorizeRequestInput) => payments.authorize(ctx, order),
    checkout: (order: CheckoutRequestInput) => payments.checkout(ctx, order),
    capture: (entries: readonly CaptureEntry[]) => batch.capture(ctx, entries),
    cancel: (entries: readonly CancelEntry[]) => batch.cancel(ctx, entries),
    review: (entries: readonly ReviewEntry[]) => batch.review(ctx, entries),
    refund: (entries: readonly RefundEntry[]) => batch.refund(ctx, entries),
    retrieveTransactions: (selector: TransactionSelector) =>
      lookups.retrieveTransactions(ctx, selector),
    retrieveRefunds: (selector: RefundSelector) =>
      lookups.retrieveRefunds(ctx, selector),
    payout: (request: PayoutRequestInput) => payout(ctx, request),
    cancelSubscription: (request: CancelSubscriptionRequestInput) =>
      services.cancelSubscription(ctx, request),
    optimize: (request: OptimizeRequestInput) =>
      services.optimize(ctx, request),
    verifyNotification: (fields: Record<string, unknown>) =>
      payments.verifyNotification(ctx, fields),
    verifyResult: (fields: Record<string, unknown>) =>
      payments.verifyResult(ctx, fields),
    verifyPayoutNotification: (fields: Record<string, unknown>) =>
      verifyPayoutNotification(ctx, fields),
  })
}

export type { AcquiringClientOptions } from "./options"
export {
  createCoalescingClient,
  type BatchingClient,
  type CoalescedOperation,
  type CoalescingClient,
  type CoalescingOptions,
} from "./coalescing"
export type { BatchEntryOutcome, BatchOutcome } from "./batch-operations"
export type { RefundSelector, TransactionSelector } from "./lookups"
export type { VerifiedNotification, VerifiedResult } from "./payments"
