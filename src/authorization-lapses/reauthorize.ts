/**
 * Re-authorising a payment: a lapsed card payment made
 * with a saved card is authorised again with that card, for what the order
 * owes now (also a captured one whose order an order change raised): a session of the card provider on the order's payment
 * collection for that amount (as a payment link makes one), one journalled
 * authorisation with the card's token, and the payment recorded on the
 * order by Medusa's processPaymentWorkflow when the acquirer's notification
 * arrives (the collection has no cart, so Medusa authorises the session).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { ERROR_CODE } from "../gateway/index"
import type { ReauthorizeAnswer } from "../admin-contract/payments"
import type { OrderBalance } from "../order-payments/order-balance"
import {
  paymentLinksOfOrder,
  withPaymentsRecorded,
} from "../order-payments/payment-link-store"
import { paymentModule } from "../order-payments/payment-store"
import { acquiringSessionsOfCollections } from "../order-payments/acquiring-sessions-of-collections"
import {
  authorizeCard,
  type CardOutcome,
} from "../authorization/authorize-card"
import { declinedError } from "../journal/errors"
import type { SavedCardRow } from "../saved-cards/saved-card-store"
import { readSession } from "../payment-sessions/session-store"
import { heldButUnrecorded, isWaiting } from "../payment-sessions/transitions"
import { loadSession, sessionSaver } from "../session-access/session-access"
import {
  OPEN_PAGE_MS,
  openOwedSession,
  orderName,
} from "../payment-links/owed-session"
import { lapseOfPayment } from "../order-payments/payment-lapse"
import { reauthorizationFacts, reauthorizationVerdict } from "./reauthorization"

/** How long the answer waits for a recording the acquirer's notification started. */
const RECORD_WAIT_MS = 10_000
const RECORD_POLL_MS = 100

/** What the route answers: its status and body (the admin's contract, or why not). */
export type ReauthorizeReply =
  | { status: 200 | 202; body: ReauthorizeAnswer }
  | { status: 409; body: { type: "conflict"; message: string } }
  | {
      status: 402
      body: { type: "payment_declined"; code: string; message: string }
    }

export const conflict = (message: string): ReauthorizeReply => ({
  status: 409,
  body: { type: "conflict", message },
})

/** Under the order's payment-link lock: the answer to one click. */
export async function reauthorize(
  scope: MedusaContainer,
  paymentId: string,
  orderId: string
): Promise<ReauthorizeReply> {
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
    return conflict(
      verdict.allowed
        ? "This payment belongs to no order: nothing to re-authorise."
        : verdict.reason
    )
  }
  if (await authorizedNotRecorded(scope, balance)) {
    return conflict(
      `A payment of ${orderName(balance)} is authorised, or being confirmed with the acquirer, and not yet recorded on the order: reload the order in a minute.`
    )
  }
  const now = new Date()
  if (await linkBeingPaid(scope, orderId, now)) {
    return conflict(
      `A payment link of ${orderName(balance)} was opened in the last ${OPEN_PAGE_MS / 60_000} minutes: the customer may be paying now. Re-authorise later if it stays unpaid.`
    )
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
    return conflict(
      "The saved card was kept with another acquiring account than the one serving this order's currency now: send the customer a payment link instead."
    )
  }
  const outcome = await authorizeCard(
    loaded.core,
    loaded.data,
    // Merchant-initiated: no security code. The account's
    // saved_cards.security_code "required" is the rule for a shopper
    // paying at checkout (proof they hold the card); the customer is not
    // present here, and the wire contract's stored-card payment sends an
    // empty security code for a payment the shopper does not attend.
    { kind: "saved", card, merchant_initiated: true },
    sessionSaver(scope, loaded)
  )
  return answer(scope, session.id, outcome, card)
}

async function answer(
  scope: MedusaContainer,
  sessionId: string,
  outcome: CardOutcome,
  card: SavedCardRow
): Promise<ReauthorizeReply> {
  const status = outcome.data.status
  if (outcome.kind === "outcome_pending") {
    return {
      status: 202,
      body: {
        payment_session_id: sessionId,
        status: "pending",
        message:
          "The acquirer's answer was lost; the re-authorisation is being confirmed and the order is updated once it is. Do not re-authorise again.",
      },
    }
  }
  if (status === "authorized" || status === "captured") {
    const recorded = await recordedPayment(scope, sessionId)
    return {
      status: 200,
      body: {
        payment_session_id: sessionId,
        status: "authorized",
        payment_id: recorded,
      },
    }
  }
  if (status === "requires_more") {
    return conflict(
      "The card asks the customer to confirm: send a payment link instead."
    )
  }
  const code = outcome.data.result?.code ?? ""
  if (code === ERROR_CODE.STORED_CARD_NOT_FOUND) {
    // authoriseCard has taken the card out of the customer's list
    return conflict(
      `The acquirer no longer knows the saved card ${card.card_masked}; it was removed from the customer's saved cards. Send the customer a payment link instead.`
    )
  }
  return {
    status: 402,
    body: {
      type: "payment_declined",
      code,
      message: `${declinedError(outcome.data.result, "re-authorisation").message}. Send the customer a payment link instead.`,
    },
  }
}

/**
 * The Medusa payment of the session: recorded now through Medusa's own
 * webhook workflow (as the reconcile job does). When the acquirer's
 * notification is recording it at the same moment, Medusa's one payment per
 * session refuses this run, and the payment appears once that run commits.
 */
export async function recordedPayment(
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
export async function authorizedNotRecorded(
  scope: MedusaContainer,
  balance: OrderBalance
): Promise<boolean> {
  const sessions = await acquiringSessionsOfCollections(
    scope,
    balance.collections.map((collection) => collection.id)
  )
  return sessions.some(
    ({ session, state }) =>
      !session.payment &&
      (heldButUnrecorded(state) ||
        (state.attempts ?? []).some((a) => isWaiting(a.state)))
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
