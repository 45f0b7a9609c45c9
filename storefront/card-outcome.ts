/**
 * Submitting a card for a session of the card provider, and the plugin's
 * answer as one typed outcome a card form can switch on.
 */
import { answerMessage, retryAfterOf } from "./answer-fields.js"
import { postForm } from "./browser-navigation.js"
import {
  toSession,
  type AcquiringSession,
  type ThreeDsForm,
} from "./session.js"
import type { StoreAnswer, StoreTransport } from "./transport.js"

export type CardDetails = {
  /** Digits only or with spaces; spaces are removed before sending. */
  number: string
  /** "01".."12" */
  expiry_month: string
  /** Four digits, "2031" */
  expiry_year: string
  security_code: string
}

export type CardHolder = { first_name: string; last_name: string }

/** A card the signed-in customer saved (`listSavedCards`), paid with again. */
export type SavedCardChoice = {
  saved_card: {
    /** `acqcard_…` */
    id: string
    /** Typed again by the shopper; leave it out only where the merchant does not ask for it. */
    security_code?: string
  }
}

export type SubmitCardOptions = {
  /** Keep the typed card for the signed-in customer's next payments. */
  saveCard?: boolean
}

export type CardOutcome =
  /** The payment is authorised: complete the cart. */
  | { kind: "authorized"; session: AcquiringSession }
  /** Authorised and captured already (accounts that capture automatically): complete the cart. */
  | { kind: "captured"; session: AcquiringSession }
  /** Authorised but held by the acquirer for risk review: the order can still be placed. */
  | { kind: "held_for_review"; session: AcquiringSession }
  /** The shopper must pass a 3-D Secure challenge: call `redirect()`; the page leaves. */
  | {
      kind: "three_ds_required"
      session: AcquiringSession
      form: ThreeDsForm
      redirect(): void
    }
  /** Refused; `message` is fit to show the shopper. Another card may be tried. */
  | {
      kind: "declined"
      code: string
      message: string
      session?: AcquiringSession
    }
  /** A field the plugin refused, e.g. `card.number`, and why. */
  | {
      kind: "invalid"
      field: string
      reason: string
      issues: { field: string; reason: string }[]
      message: string
    }
  /** Too many attempts: try again after `retryAfter` seconds. */
  | { kind: "rate_limited"; retryAfter: number; message: string }
  /** The acquirer's answer is being confirmed: do not resubmit; wait (waitForConfirmation). */
  | { kind: "outcome_pending"; message: string; session?: AcquiringSession }
  /** Anything else (unknown session, server error): `message` explains. */
  | { kind: "failed"; status: number; message: string }

/** The outcome of a session's current state (200 answers and polled sessions). */
export function outcomeOfSession(
  session: AcquiringSession,
  navigate: (form: ThreeDsForm) => void = postForm
): CardOutcome {
  switch (session.status) {
    case "authorized":
      return session.data.review === "held"
        ? { kind: "held_for_review", session }
        : { kind: "authorized", session }
    case "captured":
      return { kind: "captured", session }
    case "requires_more": {
      const form = session.data.three_ds?.form
      if (form) {
        return {
          kind: "three_ds_required",
          session,
          form,
          redirect: () => navigate(form),
        }
      }
      return {
        kind: "failed",
        status: 200,
        message: "The payment needs a step this page cannot take",
      }
    }
    case "pending":
      return {
        kind: "outcome_pending",
        message: "The payment is being confirmed",
        session,
      }
    case "error":
    case "canceled":
      return {
        kind: "declined",
        code: session.data.result?.code ?? "",
        message: session.data.result?.text || "The payment was declined",
        session,
      }
    default:
      return {
        kind: "failed",
        status: 200,
        message: `Unknown payment status ${String(session.status)}`,
      }
  }
}

/** Maps an answer of `POST /store/acquiring/payment-sessions/:id/card`. */
export function mapCardAnswer(
  answer: StoreAnswer,
  navigate: (form: ThreeDsForm) => void = postForm
): CardOutcome {
  const body = answer.body ?? {}
  const message = answerMessage(answer)
  const session = body.payment_session
    ? toSession(body.payment_session)
    : undefined
  switch (answer.status) {
    case 200:
      return session
        ? outcomeOfSession(session, navigate)
        : { kind: "failed", status: 200, message: "The answer had no session" }
    case 402:
      return {
        kind: "declined",
        code: typeof body.code === "string" ? body.code : "",
        message: message ?? "The card was declined",
        session,
      }
    case 400: {
      const issues: { field: string; reason: string }[] = Array.isArray(
        body.issues
      )
        ? body.issues
        : []
      return {
        kind: "invalid",
        field: issues[0]?.field ?? "",
        reason: issues[0]?.reason ?? message ?? "invalid",
        issues,
        message: message ?? "The card details were refused",
      }
    }
    case 429:
      return {
        kind: "rate_limited",
        retryAfter: retryAfterOf(answer),
        message: message ?? "Too many attempts",
      }
    case 409:
      if (body.type === "outcome_pending") {
        return {
          kind: "outcome_pending",
          message: message ?? "The payment is being confirmed",
          session,
        }
      }
      return {
        kind: "failed",
        status: 409,
        message: message ?? "The payment cannot be submitted now",
      }
    default:
      return {
        kind: "failed",
        status: answer.status,
        message: message ?? `The store answered ${answer.status}`,
      }
  }
}

/**
 * Sends the card to the plugin (route 2 of the store contract). The card
 * goes to the store's backend only, never to storage; the kit keeps no copy.
 * `saveCard` keeps a typed card for the signed-in customer (a guest's answer
 * is 400 naming `save_card`); a saved card is paid with its id and the
 * security code typed again.
 */
export function submitCard(
  store: StoreTransport,
  sessionId: string,
  card: CardDetails,
  holder?: CardHolder,
  options?: SubmitCardOptions
): Promise<CardOutcome>
export function submitCard(
  store: StoreTransport,
  sessionId: string,
  card: SavedCardChoice,
  holder?: CardHolder
): Promise<CardOutcome>
export async function submitCard(
  store: StoreTransport,
  sessionId: string,
  card: CardDetails | SavedCardChoice,
  holder?: CardHolder,
  options: SubmitCardOptions = {}
): Promise<CardOutcome> {
  const answer = await store(
    "POST",
    `/store/acquiring/payment-sessions/${encodeURIComponent(sessionId)}/card`,
    {
      ...paymentBody(card),
      ...(options.saveCard ? { save_card: true } : {}),
      ...(holder ? { holder } : {}),
    }
  )
  return mapCardAnswer(answer)
}

function paymentBody(card: CardDetails | SavedCardChoice) {
  if ("saved_card" in card) {
    // Only the two keys the plugin takes: its schema refuses any other.
    const { id, security_code } = card.saved_card
    return {
      saved_card: security_code === undefined ? { id } : { id, security_code },
    }
  }
  return { card: { ...card, number: card.number.replace(/[\s-]/g, "") } }
}
