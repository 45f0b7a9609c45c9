/**
 * Gateway failures as MedusaErrors a merchant or shopper can act on: the
 * gateway's `<code>:<text>` is kept in the message, nothing else from the
 * request (never card data) is.
 */
import { MedusaError } from "@medusajs/framework/utils"
import {
  GatewayRefusedError,
  InvalidInputError,
  SignatureMismatchError,
  TransportError,
} from "../gateway/errors"
import { scrubText } from "../gateway/redact"
import type { ResultInfo as ResultText } from "../gateway/index"
import { lapsedMessage } from "../payment-sessions/authorization-lifetime"

/**
 * An outcome the caller must read and may retry later (the acquirer out of reach, an answer lost or
 * unverifiable). Medusa's HTTP error handler replaces the message of a CONFLICT (409) and of every 5xx
 * with a generic text, so these travel as NOT_ALLOWED (400), whose message reaches the admin or shopper.
 */
export class OutcomePendingError extends MedusaError {
  constructor(message: string) {
    super(MedusaError.Types.NOT_ALLOWED, message)
  }
}

export function unsettledError(message: string): MedusaError {
  return new OutcomePendingError(message)
}

export function declinedError(
  result: ResultText | undefined,
  what = "payment"
): MedusaError {
  const detail = result?.code
    ? `${result.code}:${result.text}`
    : "the acquirer reports it as failed, without a reason"
  return new MedusaError(
    MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
    `The ${what} was not authorised by the acquirer (${detail})`
  )
}

export function refusedEntryError(
  operation: string,
  result: ResultText | undefined
): MedusaError {
  const detail = result?.code
    ? `${result.code}:${result.text}`
    : "no reason given"
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `The acquirer refused the ${operation} (${detail})`
  )
}

/** A capture after the authorisation lapsed: the money is gone, so the customer pays again. */
export function lapsedError(
  lapse: Date | undefined,
  lifetimeDays: number
): MedusaError {
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    lapsedMessage(lapse, lifetimeDays)
  )
}

/** Any error thrown while talking to the gateway, as a MedusaError; MedusaErrors pass unchanged. */
export function toMedusaError(error: unknown, operation: string): Error {
  if (MedusaError.isMedusaError(error)) return error as Error
  if (error instanceof GatewayRefusedError) {
    return new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The acquirer refused the ${operation} (${error.code}:${error.text})`
    )
  }
  if (error instanceof InvalidInputError) {
    return new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Invalid ${error.field} for the ${operation}: ${scrubText(error.reason)}`
    )
  }
  if (error instanceof SignatureMismatchError) {
    return unsettledError(
      `The acquirer's answer to the ${operation} failed signature verification and was ignored; retrying confirms its outcome`
    )
  }
  if (error instanceof TransportError) {
    const state = error.may_have_reached_gateway
      ? "its outcome is not known yet; retrying is safe and confirms it with the status query"
      : "nothing was sent; retry"
    return unsettledError(
      `The acquirer could not be reached for the ${operation} (${error.timed_out ? "timed out" : "transport failure"}; ${state})`
    )
  }
  // an unreadable or unusable answer: no parser detail reaches the caller
  return unsettledError(
    `The acquirer's answer to the ${operation} could not be read; its outcome is being confirmed with the status query`
  )
}

/**
 * The message of anything thrown, for the operator's log: Medusa's
 * workflows throw their steps' errors as plain objects, which are no
 * `Error` but carry a message. Scrubbed, as every logged text is.
 */
export function thrownMessage(error: unknown): string {
  const message =
    error instanceof Error
      ? error.message
      : typeof (error as { message?: unknown } | null)?.message === "string"
        ? (error as { message: string }).message
        : typeof error === "string"
          ? error
          : "unknown error"
  return scrubText(message)
}

/** A hosted page of the checkout opened moments ago, likely in another tab: the storefront is told to wait. */
export class PageOpenElsewhereError extends MedusaError {
  constructor(readonly retry_after_s: number) {
    super(
      MedusaError.Types.NOT_ALLOWED,
      `A payment page for this checkout was opened moments ago, probably in another tab or window. Finish paying there, or try again in ${retry_after_s} seconds to start over.`
    )
  }
}
