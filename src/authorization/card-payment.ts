/**
 * A card submitted for a payment session, as named steps: the session of the
 * card provider, what pays (the typed card or the customer's saved card),
 * the cart as it is now and the account's availability rules for it, the
 * velocity gate (not for a session already paid), one authorisation, and the answer its outcome calls
 * for. One at a time per session (its lock); the route has checked that
 * the caller owns the session.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { ERROR_CODE } from "../gateway/index"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { authorizeCard } from "./authorize-card"
import type { CardOutcome } from "./authorize-card"
import { declinedError } from "../journal/errors"
import type { CardEntry } from "./card-entry"
import type { SessionData } from "../payment-sessions/session-data"
import { withSessionLock } from "../locking/locks"
import { refreshedCart } from "../payment-sessions/cart-snapshot-loader"
import { availableNow } from "../availability/availability-answer"
import { cardPaymentOf } from "./card-choice"
import type { SessionOwner } from "../payment-sessions/ownership"
import {
  loadSession,
  sessionAnswer,
  sessionSaver,
  type LoadedSession,
} from "../session-access/session-access"
import { outcomePending } from "../session-access/store-answers"
import { passVelocity, type AttemptGate } from "./velocity-check"

export type { CardEntry }

/** E0011: the acquirer no longer knows the token; the card has left the customer's list. */
const SAVED_CARD_GONE =
  "This saved card can no longer be used and was removed from your saved cards. Enter the card's details to pay."

export function payByCard(
  req: MedusaRequest,
  res: MedusaResponse,
  card: CardEntry,
  owner: SessionOwner
): Promise<void> {
  const sessionId = req.params.session_id
  return withSessionLock(req.scope, sessionId, () =>
    payUnderLock(req, res, card, owner, sessionId)
  )
}

async function payUnderLock(
  req: MedusaRequest,
  res: MedusaResponse,
  card: CardEntry,
  owner: SessionOwner,
  sessionId: string
): Promise<void> {
  const loaded = await cardSession(req, sessionId)
  const payment = await cardPaymentOf(card, owner, loaded.core)
  const current = await withCurrentCart(req, loaded.data, owner)
  if (!(await availableNow(res, loaded, current))) return
  const gate = await gateUnlessPaid(req, res, loaded, sessionId)
  if (gate === "refused") return
  const outcome = await authorizeCard(
    loaded.core,
    current,
    payment,
    sessionSaver(req.scope, loaded)
  )
  await answerOutcome(res, loaded, outcome, gate)
}

async function cardSession(
  req: MedusaRequest,
  sessionId: string
): Promise<LoadedSession> {
  const loaded = await loadSession(req.scope, sessionId)
  if (loaded.core.identifier !== "acquiring-card") {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "Cards are submitted only for sessions of the acquiring-card provider"
    )
  }
  return loaded
}

/** A paid session is answered as it stands (never charged again), so it takes no place in the limits. */
async function gateUnlessPaid(
  req: MedusaRequest,
  res: MedusaResponse,
  loaded: LoadedSession,
  sessionId: string
): Promise<AttemptGate | null | "refused"> {
  const status = loaded.data.status
  if (status === "authorized" || status === "captured") return null
  // null: over a limit, the 429 is answered
  return (await passVelocity(req, res, loaded.core, sessionId)) ?? "refused"
}

/** The order sent to the acquirer describes the cart as it is now. */
async function withCurrentCart(
  req: MedusaRequest,
  data: SessionData,
  owner: SessionOwner
): Promise<SessionData> {
  const cart = await refreshedCart(req.scope, data.cart, owner.cart_updated_at)
  return cart ? { ...data, cart } : data
}

async function answerOutcome(
  res: MedusaResponse,
  loaded: LoadedSession,
  outcome: CardOutcome,
  gate: AttemptGate | null
): Promise<void> {
  if (outcome.kind === "outcome_pending") {
    await gate?.record("error")
    return outcomePending(
      res,
      "The acquirer's answer was lost; the payment's outcome is being confirmed. Do not pay again: this page updates within a minute.",
      loaded.session,
      outcome.data
    )
  }
  if (outcome.data.status === "error") {
    await gate?.record("declined")
    const code = outcome.data.result?.code ?? ""
    res.status(402).json({
      type: "payment_declined",
      code,
      message:
        code === ERROR_CODE.STORED_CARD_NOT_FOUND
          ? SAVED_CARD_GONE
          : declinedError(outcome.data.result, "card payment").message,
      ...sessionAnswer(loaded.session, outcome.data),
    })
    return
  }
  await gate?.record("approved")
  res.status(200).json(sessionAnswer(loaded.session, outcome.data))
}
