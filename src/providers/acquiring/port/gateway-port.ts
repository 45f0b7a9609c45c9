/**
 * The gateway as the provider sees it: the typed client's own surface, so
 * answers arrive parsed and verified and nothing downstream re-guesses them.
 */
import {
  createAcquiringClient,
  type AcquiringClient,
  type AcquiringLogger,
} from "../../../gateway"
import type { AcquiringOptions } from "../config/options"

export type GatewayPort = Pick<
  AcquiringClient,
  | "authorise"
  | "checkout"
  | "capture"
  | "cancel"
  | "review"
  | "refund"
  | "retrieveTransactions"
  | "retrieveRefunds"
  | "verifyNotification"
  | "verifyResult"
>

export function gatewayFor(
  options: AcquiringOptions,
  logger?: AcquiringLogger
): GatewayPort {
  return createAcquiringClient({
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
}
