/** Answers of the plugin's store routes in the storefront contract's shapes (docs/medusa.md). */
import type { MedusaResponse } from "@medusajs/framework/http"
import type {
  MedusaContainer,
  PaymentSessionDTO,
} from "@medusajs/framework/types"
import {
  PaymentsUnavailableError,
  reportUnavailable,
  unavailableAnswer,
} from "../accounts/payments-unavailable"
import { OutcomePendingError } from "../journal/errors"
import { PageOpenElsewhereError } from "../journal/errors"
import type { SessionData } from "../payment-sessions/session-data"
import { invalidDataBody, type InputIssue } from "../input-hardening/index"
import { sessionAnswer } from "./session-access"

export function invalidData(res: MedusaResponse, issues: InputIssue[]): void {
  res.status(400).json(invalidDataBody(issues))
}

/** A request field refused after the body's schema (it depends on the session, the caller or the options): the plugin's one 400. */
export class RefusedFieldError extends Error {
  constructor(readonly issue: InputIssue) {
    super(`${issue.field}: ${issue.reason}`)
  }
}

/** A configuration fault: the operator reads why in the log, the shopper only that card payments are unavailable. */
export function paymentsUnavailable(
  res: MedusaResponse,
  error: PaymentsUnavailableError
): void {
  const scope = (res.req as { scope?: MedusaContainer } | undefined)?.scope
  reportUnavailable(
    scope?.resolve<{ error(message: string): void }>("logger") ?? console,
    error
  )
  res.status(503).json(unavailableAnswer())
}

export function outcomePending(
  res: MedusaResponse,
  message: string,
  session?: PaymentSessionDTO,
  data?: SessionData
): void {
  res.status(409).json({
    type: "outcome_pending",
    message,
    ...(session && data ? sessionAnswer(session, data) : {}),
  })
}

/**
 * Runs a route's work; an outcome still being confirmed answers 409
 * `outcome_pending`, never a 5xx; a field refused on the way answers the
 * plugin's 400 naming it. A hosted page another tab opened moments
 * ago stays Medusa's 400 `not_allowed`, with `Retry-After` saying when a new
 * page may be opened.
 */
export async function answering(
  res: MedusaResponse,
  work: () => Promise<void>
): Promise<void> {
  try {
    await work()
  } catch (error) {
    if (error instanceof OutcomePendingError) {
      outcomePending(res, error.message)
      return
    }
    if (error instanceof RefusedFieldError) {
      invalidData(res, [error.issue])
      return
    }
    if (error instanceof PaymentsUnavailableError) {
      paymentsUnavailable(res, error)
      return
    }
    if (error instanceof PageOpenElsewhereError && !res.headersSent)
      res.setHeader("Retry-After", String(error.retry_after_s))
    throw error
  }
}
