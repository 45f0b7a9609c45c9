/**
 * Starting an attempt at the acquirer (a card authorisation or a hosted
 * page): whatever earlier attempts became is settled first, so a session is
 * never charged twice; the new attempt is written to the session and the
 * journal before its request leaves.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { notifyUrlFor, type ProviderCore } from "../accounts/core"
import { newAttemptNumber } from "../payment-sessions/order-number"
import type {
  Attempt,
  SaveSession,
  SessionData,
} from "../payment-sessions/session-data"
import {
  isWaiting,
  startAttempt,
  surplusAttempts,
} from "../payment-sessions/transitions"
import {
  buildPaymentOrder,
  type BuildOrderInput,
  type PaymentOrder,
} from "./payment-order"
import { unsettledError } from "../journal/errors"
import { settleAttempts } from "../acquirer-calls/settle-attempts"
import { withKeptCard } from "../saved-cards/kept-card"
import { voidSurplus } from "../cancellation/void"

export type Preparation =
  { kind: "paid"; data: SessionData } | { kind: "ready"; data: SessionData }

/**
 * Settles earlier attempts. A session already paid is never charged again;
 * an attempt still open (3-D Secure challenge, hosted page) is voided, so
 * only the new one can take money.
 */
export async function prepareAttempt(
  core: ProviderCore,
  stored: SessionData,
  save: SaveSession
): Promise<Preparation> {
  if (stored.status === "canceled") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The payment session was canceled; start a new one"
    )
  }
  let data = stored
  const settled = await settleAttempts(core, data)
  if (settled.data !== data) data = await save(await withKeptCard(settled.data))
  if (data.status === "authorized" || data.status === "captured") {
    for (const attempt of surplusAttempts(data))
      data = await voidSurplus(core, data, attempt)
    return { kind: "paid", data }
  }
  const open = (data.attempts ?? []).filter((a) => isWaiting(a.state))
  if (
    settled.unavailable ||
    open.some((a) => a.state === "sent" || a.state === "unknown")
  ) {
    throw unsettledError(
      "An earlier payment attempt is still being confirmed with the acquirer. Wait a moment, then check the payment before trying again."
    )
  }
  for (const attempt of open.filter((a) => a.transaction_id)) {
    data = await voidOpenAttempt(core, data, attempt)
  }
  return { kind: "ready", data }
}

async function voidOpenAttempt(
  core: ProviderCore,
  data: SessionData,
  attempt: Attempt
): Promise<SessionData> {
  const next = await voidSurplus(
    core,
    { ...data },
    { ...attempt, state: "authorized" }
  )
  const after = next.attempts?.find((a) => a.order_no === attempt.order_no)
  if (after?.state !== "void") {
    throw unsettledError(
      "An earlier attempt (awaiting 3-D Secure or an open payment page) could not be stopped; try again shortly"
    )
  }
  return next
}

/** Writes a new attempt to the session and the journal; answers the stored data and the attempt. */
export async function recordAttempt(
  core: ProviderCore,
  data: SessionData,
  kind: Attempt["kind"],
  save: SaveSession,
  now = new Date()
): Promise<{
  data: SessionData
  attempt: { order_no: string; token: string }
  operation_id: string
}> {
  const attempt = newAttemptNumber(core.options.order_prefix)
  // both are written before the request leaves; neither needs the other
  const [operation, stored] = await Promise.all([
    core.journal.record({
      provider_id: core.provider_id,
      kind,
      order_no: attempt.order_no,
      session_id: data.session_id ?? null,
      amount: data.amount ?? null,
      currency: data.currency ?? null,
      reference: attempt.token,
    }),
    save(startAttempt(data, { ...attempt, kind, at: now.toISOString() })),
  ])
  return { data: stored, attempt, operation_id: operation.id }
}

/**
 * The payment order of an attempt: the session's cart, device and client
 * data under the attempt's order number, with the provider's options.
 * `extra` adds what only one kind of attempt sends (the card's holder, the
 * hosted page's return addresses).
 */
export function attemptOrder(
  core: ProviderCore,
  data: SessionData,
  attempt: Pick<Attempt, "order_no">,
  extra: Pick<BuildOrderInput, "holder" | "return_url" | "cancel_url"> = {}
): PaymentOrder {
  return buildPaymentOrder({
    order_no: attempt.order_no,
    amount: data.amount as string,
    currency: data.currency as string,
    cart: data.cart,
    device: data.device,
    client: data.client,
    subscription: data.subscription?.order,
    website: core.options.website,
    notify_url: notifyUrlFor(core),
    three_d_secure: core.options.three_d_secure,
    platform_source: core.options.platform_source,
    field_limits: core.options.limits?.fields,
    ...extra,
  })
}

/** What the session records when the shopper asked to keep the card of this attempt: whose it is and where its token will belong. */
export function keptCardUse(
  core: ProviderCore,
  customerId: string | undefined
): SessionData["saved_card"] {
  if (!customerId) return undefined
  return {
    customer_id: customerId,
    keep: true,
    merchant_id: core.options.merchant_id,
    account_id: core.options.account_id,
    provider_id: core.provider_id,
  }
}
