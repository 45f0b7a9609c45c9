/**
 * Staff charge a customer's saved card for an order (merchant-initiated:
 * order_type MIT, no security code, never challenged): a payment
 * collection of the order for the amount, a session of the card provider
 * on it, one journalled authorisation with the card's token, and the
 * payment recorded on the order by Medusa's own workflow. Under the order's
 * payment lock, so two admins (or a double click) never charge twice; the
 * request id is kept on the session, so a request repeated after its
 * answer was lost answers what it did instead of charging again.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { currencyDigits, toDecimal } from "../gateway/index"
import type {
  ChargeSavedCardAnswer,
  ChargeSavedCardBodyType,
} from "../admin-contract/merchant-charges"
import { coreFor } from "../accounts/registry"
import { isAcquiringProvider } from "../accounts/provider-entries"
import {
  authorizeCard,
  type CardOutcome,
} from "../authorization/authorize-card"
import {
  authorizedNotRecorded,
  recordedPayment,
} from "../authorization-lapses/reauthorize"
import { declinedError } from "../journal/errors"
import { recordPaymentEvent } from "../journal/record-event"
import { readOrderBalance } from "../order-payments/order-balance"
import { loggerOf, paymentModule } from "../order-payments/payment-store"
import { acquiringSessionsOfCollections } from "../order-payments/acquiring-sessions-of-collections"
import { readOrderGraph } from "../order-payments/order-graph"
import { withIntake } from "../payment-sessions/intake"
import { orderName } from "../payment-links/owed-session"
import { createOrderBalanceCollectionWorkflow } from "../payment-links/workflows/order-balance-collection"
import {
  customerCards,
  type SavedCardRow,
} from "../saved-cards/saved-card-store"
import { loadSession, sessionSaver } from "../session-access/session-access"
import { chargeVerdict } from "./charge-verdict"

export type ChargeReply =
  | { status: 200 | 202; body: ChargeSavedCardAnswer }
  | { status: 409; body: { type: "conflict"; message: string } }
  | {
      status: 402
      body: { type: "payment_declined"; code: string; message: string }
    }
  | { status: 400; body: { type: "invalid_data"; message: string } }

const conflict = (message: string): ChargeReply => ({
  status: 409,
  body: { type: "conflict", message },
})

/** The card provider: a saved card is charged on the store's page's provider. */
export const CARD_PROVIDER_IDENTIFIER = "acquiring-card"

/** Under the order's payment lock: the answer to one charge request. */
export async function chargeSavedCard(
  scope: MedusaContainer,
  orderId: string,
  request: ChargeSavedCardBodyType,
  actor: string | null
): Promise<ChargeReply> {
  const balance = await readOrderBalance(scope, orderId)
  const name = orderName(balance)
  const earlier = await chargeOfRequest(
    scope,
    balance.collections.map((c) => c.id),
    request.request_id
  )
  if (earlier) return earlier

  if (request.amount !== undefined) {
    const digits = currencyDigits(balance.currency)
    if ((toDecimal(request.amount).decimalPlaces() ?? 0) > digits)
      return {
        status: 400,
        body: {
          type: "invalid_data",
          message: `amount has more decimals than ${balance.currency} has (${digits})`,
        },
      }
  }
  if (await authorizedNotRecorded(scope, balance))
    return conflict(
      `A payment of ${name} is authorised, or being confirmed with the acquirer, and not yet recorded on the order: reload the order in a minute.`
    )

  const providerId = await cardProviderOf(scope)
  const order = await readOrderGraph<{ customer_id?: string | null }>(
    scope,
    orderId,
    ["id", "customer_id"]
  )
  // the account serving the order's channel and region, as at its checkout
  const core = await coreFor(scope, providerId, {
    currency: balance.currency,
    sales_channel_id: balance.shopper.sales_channel_id,
    region_id: balance.shopper.region_id,
  })
  const cards = order.customer_id
    ? (await customerCards(order.customer_id)).filter(
        (c) =>
          c.merchant_id === core.options.merchant_id &&
          c.account_id === core.options.account_id
      )
    : []
  const card: SavedCardRow | undefined = request.saved_card_id
    ? cards.find((c) => c.id === request.saved_card_id)
    : cards[0]
  const verdict = chargeVerdict({
    order_name: name,
    canceled: balance.canceled,
    customer_id: order.customer_id ?? null,
    saved_cards_enabled: core.options.saved_cards.enabled,
    card,
    named_card_missing: !!request.saved_card_id && !card,
    owed: balance.owed,
    amount: request.amount,
    confirm_over_balance: request.confirm_over_balance === true,
  })
  if (!verdict.allowed || !card)
    return conflict(verdict.allowed ? "No saved card" : verdict.reason)

  const { result: collection } = await createOrderBalanceCollectionWorkflow(
    scope
  ).run({
    input: {
      order_id: orderId,
      currency_code: balance.currency.toLowerCase(),
      amount: verdict.amount,
    },
  })
  const { result: session } = await withIntake(
    { cart: balance.shopper },
    (intake) =>
      createPaymentSessionsWorkflow(scope).run({
        input: {
          payment_collection_id: collection.id,
          provider_id: providerId,
          data: { intake },
        },
      })
  )
  const loaded = await loadSession(scope, session.id)
  const save = sessionSaver(scope, loaded)
  const marked = await save({
    ...loaded.data,
    merchant_charge: {
      request_id: request.request_id,
      reason: request.reason,
      actor,
      at: new Date().toISOString(),
    },
  })
  await recordPaymentEvent(
    {
      kind: "admin",
      outcome: "asked",
      operation: "charge_saved_card",
      summary: `Charge of the saved card ${card.card_masked} for ${verdict.amount} ${balance.currency} asked for ${name} (merchant-initiated): ${request.reason}`,
      session_id: session.id,
      amount: verdict.amount,
      currency: balance.currency,
      actor,
    },
    (message) => loggerOf(scope).warn(message)
  )
  const outcome = await authorizeCard(
    loaded.core,
    marked,
    { kind: "saved", card, merchant_initiated: true },
    save
  )
  return answer(
    scope,
    session.id,
    outcome,
    card,
    verdict.amount,
    balance.currency,
    false
  )
}

/** The acquiring card provider the store registered (its first entry). */
async function cardProviderOf(scope: MedusaContainer): Promise<string> {
  const providers = await paymentModule(scope).listPaymentProviders(
    {},
    { select: ["id"] }
  )
  const id = providers
    .map((p) => p.id)
    .find(
      (p) =>
        isAcquiringProvider(p) && p.includes(`_${CARD_PROVIDER_IDENTIFIER}_`)
    )
  if (!id)
    throw new Error(
      "The acquiring card provider is not registered in the payment module"
    )
  return id
}

/** A charge already made for this request id (a repeat or a retry after a lost answer): its answer, nothing sent. */
async function chargeOfRequest(
  scope: MedusaContainer,
  collectionIds: string[],
  requestId: string
): Promise<ChargeReply | null> {
  const found = (
    await acquiringSessionsOfCollections(scope, collectionIds)
  ).find(({ state }) => state.merchant_charge?.request_id === requestId)
  if (!found) return null
  const { session, state } = found
  if (state.status === "error")
    return {
      status: 402,
      body: {
        type: "payment_declined",
        code: state.result?.code ?? "",
        message: `This charge was declined, nothing was charged: ${declinedError(state.result, "charge").message}. Send the customer a payment link instead.`,
      },
    }
  const status =
    state.status === "captured"
      ? "captured"
      : state.status === "authorized"
        ? "authorized"
        : "pending"
  return {
    status: status === "pending" ? 202 : 200,
    body: {
      status,
      payment_session_id: session.id,
      payment_id: session.payment?.id ?? null,
      amount: state.amount ?? "",
      currency: state.currency ?? "",
      card_masked: state.card_masked ?? "",
      repeated: true,
      message:
        "This charge was already made for this request: nothing was charged again.",
    },
  }
}

async function answer(
  scope: MedusaContainer,
  sessionId: string,
  outcome: CardOutcome,
  card: SavedCardRow,
  amount: string,
  currency: string,
  repeated: boolean
): Promise<ChargeReply> {
  const status = outcome.data.status
  const base = {
    payment_session_id: sessionId,
    amount,
    currency,
    card_masked: card.card_masked,
    repeated,
  }
  if (outcome.kind === "outcome_pending")
    return {
      status: 202,
      body: {
        ...base,
        status: "pending",
        payment_id: null,
        message:
          "The acquirer's answer was lost; the charge is being confirmed and the order is updated once it is. Do not charge again.",
      },
    }
  if (status === "authorized" || status === "captured")
    return {
      status: 200,
      body: {
        ...base,
        status,
        payment_id: await recordedPayment(scope, sessionId),
        message: `Charged ${amount} ${currency} to the saved card ${card.card_masked}.`,
      },
    }
  if (status === "requires_more")
    return conflict(
      "The card asks the customer to confirm: send a payment link instead."
    )
  const code = outcome.data.result?.code ?? ""
  return {
    status: 402,
    body: {
      type: "payment_declined",
      code,
      message: `${declinedError(outcome.data.result, "charge").message}. Send the customer a payment link instead.`,
    },
  }
}
