/**
 * POST /admin/acquiring/payments/:id/reauthorise: a lapsed card payment made
 * with a saved card is authorised again with that card, for what the order
 * owes now (also a captured one whose order an order change raised): a session of the card provider on the order's payment
 * collection for that amount (as a payment link makes one), one journalled
 * authorisation with the card's token, and the payment recorded on the
 * order by Medusa's processPaymentWorkflow when the acquirer's notification
 * arrives (the collection has no cart, so Medusa authorises the session).
 */
import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { ERROR_CODE } from "../gateway/index"
import { lockingModule, orderPaymentLockKey } from "../locking/locks"
import type { OrderBalance } from "../order-payments/order-balance"
import {
  paymentLinksOfOrder,
  withPaymentsRecorded,
} from "../order-payments/payment-link-store"
import { paymentModule } from "../order-payments/payment-store"
import { isAcquiringProvider } from "../accounts/provider-entries"
import {
  authorizeCard,
  type CardOutcome,
} from "../authorization/authorize-card"
import { declinedError } from "../journal/errors"
import type { SavedCardRow } from "../saved-cards/saved-card-store"
import { readSession, readSessions } from "../payment-sessions/session-store"
import { heldButUnrecorded, isWaiting } from "../payment-sessions/transitions"
import { orderIdOfPayment } from "../risk-review/review-decisions"
import { loadSession, sessionSaver } from "../session-access/session-access"
import {
  OPEN_PAGE_MS,
  openOwedSession,
  orderName,
} from "../payment-links/admin-routes"
import { lapseOfPayment } from "../order-payments/payment-lapse"
import { reauthorizationFacts, reauthorizationVerdict } from "./reauthorization"

/** How long the answer waits for a recording the acquirer's notification started. */
const RECORD_WAIT_MS = 10_000
const RECORD_POLL_MS = 100

function conflict(res: MedusaResponse, message: string): void {
  res.status(409).json({ type: "conflict", message })
}

export async function reauthorizePaymentRoute(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
): Promise<void> {
  const paymentId = req.params.id
  // 404 for a payment of another provider or none
  await lapseOfPayment(req.scope, paymentId)
  const orderId = await orderIdOfPayment(req.scope, paymentId)
  if (!orderId) {
    conflict(res, "This payment belongs to no order: nothing to re-authorise.")
    return
  }
  // the payment-link lock: two clicks, or a click and a new link, make one collection and one authorisation
  await lockingModule(req.scope).execute(
    orderPaymentLockKey(orderId),
    () => reauthorize(req.scope, res, paymentId, orderId),
    { timeout: 30 }
  )
}

async function reauthorize(
  scope: MedusaContainer,
  res: MedusaResponse,
  paymentId: string,
  orderId: string
): Promise<void> {
  // read again under the lock: the click before may have changed everything
  const detail = await lapseOfPayment(scope, paymentId)
  const payment = await paymentModule(scope).retrievePayment(paymentId, {
    select: ["id", "provider_id", "data"],
  })
  const { facts, card, balance } = await reauthorizationFacts(scope, {
    provider_id: payment.provider_id,
    data: await readSession(payment.data),
    lapsed: detail.lapsed_at !== null,
    canceled: detail.canceled_at !== null,
    order_id: orderId,
  })
  const verdict = reauthorizationVerdict(facts)
  if (!verdict.allowed || !card || !balance) {
    conflict(
      res,
      verdict.allowed
        ? "This payment belongs to no order: nothing to re-authorise."
        : verdict.reason
    )
    return
  }
  if (await authorizedNotRecorded(scope, balance)) {
    conflict(
      res,
      `A payment of ${orderName(balance)} is authorised, or being confirmed with the acquirer, and not yet recorded on the order: reload the order in a minute.`
    )
    return
  }
  const now = new Date()
  if (await linkBeingPaid(scope, orderId, now)) {
    conflict(
      res,
      `A payment link of ${orderName(balance)} was opened in the last ${OPEN_PAGE_MS / 60_000} minutes: the customer may be paying now. Re-authorise later if it stays unpaid.`
    )
    return
  }

  const { session } = await openOwedSession(
    scope,
    balance,
    payment.provider_id,
    now
  )
  const loaded = await loadSession(scope, session.id)
  if (
    loaded.core.options.merchant_id !== card.merchant_id ||
    loaded.core.options.account_id !== card.account_id
  ) {
    // the account serving the order's currency now is not the card's: its token would not be known
    conflict(
      res,
      "The saved card was kept with another acquiring account than the one serving this order's currency now: send the customer a payment link instead."
    )
    return
  }
  const outcome = await authorizeCard(
    loaded.core,
    loaded.data,
    // Merchant-initiated: no security code. The account's
    // saved_cards.security_code "required" is the rule for a shopper
    // paying at checkout (proof they hold the card); the customer is not
    // present here, and the wire contract's stored-card payment sends an
    // empty security code for a payment the shopper does not attend.
    { kind: "saved", card },
    sessionSaver(scope, loaded)
  )
  await answer(scope, res, session.id, outcome, card)
}

async function answer(
  scope: MedusaContainer,
  res: MedusaResponse,
  sessionId: string,
  outcome: CardOutcome,
  card: SavedCardRow
): Promise<void> {
  const status = outcome.data.status
  if (outcome.kind === "outcome_pending") {
    res.status(202).json({
      payment_session_id: sessionId,
      status: "pending",
      message:
        "The acquirer's answer was lost; the re-authorisation is being confirmed and the order is updated once it is. Do not re-authorise again.",
    })
    return
  }
  if (status === "authorized" || status === "captured") {
    const recorded = await recordedPayment(scope, sessionId)
    res.status(200).json({
      payment_session_id: sessionId,
      status: "authorized",
      payment_id: recorded,
    })
    return
  }
  if (status === "requires_more") {
    conflict(
      res,
      "The card asks the customer to confirm: send a payment link instead."
    )
    return
  }
  const code = outcome.data.result?.code ?? ""
  if (code === ERROR_CODE.STORED_CARD_NOT_FOUND) {
    // authoriseCard has taken the card out of the customer's list
    conflict(
      res,
      `The acquirer no longer knows the saved card ${card.card_masked}; it was removed from the customer's saved cards. Send the customer a payment link instead.`
    )
    return
  }
  res.status(402).json({
    type: "payment_declined",
    code,
    message: `${declinedError(outcome.data.result, "re-authorisation").message}. Send the customer a payment link instead.`,
  })
}

/**
 * The Medusa payment of the session: recorded now through Medusa's own
 * webhook workflow (as the reconcile job does). When the acquirer's
 * notification is recording it at the same moment, Medusa's one payment per
 * session refuses this run, and the payment appears once that run commits.
 */
async function recordedPayment(
  scope: MedusaContainer,
  sessionId: string
): Promise<string | null> {
  const find = async () =>
    (
      await paymentModule(scope).listPayments(
        { payment_session_id: sessionId },
        { select: ["id"] }
      )
    )[0]?.id ?? null
  await processPaymentWorkflow(scope).run({
    input: { action: "authorized", data: { session_id: sessionId, amount: 0 } },
    throwOnError: false,
  })
  const until = Date.now() + RECORD_WAIT_MS
  let id = await find()
  while (!id && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, RECORD_POLL_MS))
    id = await find()
  }
  return id
}

/**
 * A session of the order authorised at the acquirer, or with an attempt
 * whose answer is not known yet, that has no Medusa payment: the order only
 * looks as if it owed. Read from the plugin's own state, written before a
 * request leaves and before Medusa hears of the authorisation, so a second
 * click never authorises twice while the first is unsettled or unrecorded.
 */
async function authorizedNotRecorded(
  scope: MedusaContainer,
  balance: OrderBalance
): Promise<boolean> {
  const ids = balance.collections.map((collection) => collection.id)
  if (!ids.length) return false
  const sessions = (
    await paymentModule(scope).listPaymentSessions(
      { payment_collection_id: ids },
      { select: ["id", "provider_id", "data"], relations: ["payment"] }
    )
  ).filter((session) => isAcquiringProvider(session.provider_id))
  const states = await readSessions(sessions.map((session) => session.data))
  return sessions.some(
    (session, i) =>
      !session.payment &&
      (heldButUnrecorded(states[i]) ||
        (states[i].attempts ?? []).some((a) => isWaiting(a.state)))
  )
}

/** A link of the order opened so recently that its page may be being paid. */
async function linkBeingPaid(
  scope: MedusaContainer,
  orderId: string,
  now: Date
): Promise<boolean> {
  const links = await withPaymentsRecorded(
    scope,
    await paymentLinksOfOrder(scope, orderId),
    now
  )
  return links.some(
    (link) =>
      !link.paid_at &&
      !!link.used_at &&
      now.getTime() - new Date(link.used_at).getTime() < OPEN_PAGE_MS
  )
}
