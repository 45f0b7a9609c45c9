/**
 * The gateway as the provider sees it: the typed client's own surface, so
 * answers arrive parsed and verified and nothing downstream re-guesses them.
 */
import {
  createAcquiringClient,
  createCoalescingClient,
  type AcquiringClient,
  type AcquiringLogger,
  type CoalescingClient,
} from "../gateway/index"
import type { AcquiringOptions } from "./options"

export type GatewayPort = Pick<
  AcquiringClient,
  | "authorize"
  | "checkout"
  | "retrieveTransactions"
  | "retrieveRefunds"
  | "cancelSubscription"
  | "optimize"
  | "verifyNotification"
  | "verifyResult"
  | "payout"
  | "verifyPayoutNotification"
> &
  CoalescingClient

/**
 * Capture, cancel, review and refund of concurrent Medusa requests share
 * batch requests (group commit: a lone call leaves at once); each caller
 * gets its own entry's outcome, and a batch that fails reaches every caller
 * as an outcome to settle.
 */
export function gatewayFor(
  options: AcquiringOptions,
  logger?: AcquiringLogger
): GatewayPort {
  const client = createAcquiringClient({
    base_url: options.base_url,
    merchant_id: options.merchant_id,
    account_id: options.account_id,
    sign_key: options.sign_key,
    timeout_ms: options.timeout_ms,
    lookup_retries: options.lookup_retries,
    recipes: options.recipes,
    limits: options.limits?.batch,
    field_limits: options.limits?.fields,
    logger,
  })
  const batched = createCoalescingClient(client)
  return {
    authorize: client.authorize,
    checkout: client.checkout,
    retrieveTransactions: client.retrieveTransactions,
    retrieveRefunds: client.retrieveRefunds,
    cancelSubscription: client.cancelSubscription,
    optimize: client.optimize,
    verifyNotification: client.verifyNotification,
    verifyResult: client.verifyResult,
    payout: client.payout,
    verifyPayoutNotification: client.verifyPayoutNotification,
    capture: batched.capture,
    cancel: batched.cancel,
    review: batched.review,
    refund: batched.refund,
  }
}
