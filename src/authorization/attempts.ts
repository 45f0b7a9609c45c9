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
import { saveState } from "../payment-sessions/session-store"
import { settleAttempts } from "../acquirer-calls/settle-attempts"
import { withKeptCard } from "../saved-cards/kept-card"
import { voidSurplus } from "../cancellation/void"
import {
  decideThreeDSecure,
  type PaymentFacts,
  type Presence,
} from "../admin-contract/three-d-secure-rules"
import { descriptorFor } from "../admin-contract/statement-descriptor"

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

/** What the attempt sends beside its order number: the 3-D Secure decision and the statement descriptor, recorded with it. */
export type AttemptRecord = Pick<
  Attempt,
  "order_no" | "token" | "three_d_secure" | "descriptor"
> & { token: string }

/** The facts of this payment the 3-D Secure rules read. */
function paymentFacts(data: SessionData, presence: Presence): PaymentFacts {
  const cart = data.cart
  return {
    amount: data.amount as string,
    currency: data.currency as string,
    billing_country:
      cart?.billing_address?.country_code ??
      cart?.shipping_address?.country_code,
    shipping_country: cart?.shipping_address?.country_code,
    ip_country: data.client?.ip_country,
    first_order: cart?.first_order,
    presence,
  }
}

/**
 * Writes a new attempt to the session's record and the journal; answers the
 * stored data and the attempt. Medusa's copy of the session (the storefront
 * view) is written with the attempt's answer: what the plugin relies on is
 * in its own table before the request leaves, and one write fewer to Medusa
 * is one transaction fewer on every payment.
 */
export async function recordAttempt(
  core: ProviderCore,
  data: SessionData,
  kind: Attempt["kind"],
  {
    now = new Date(),
    presence = "shopper",
  }: { now?: Date; presence?: Presence } = {}
): Promise<{
  data: SessionData
  attempt: AttemptRecord
  operation_id: string
}> {
  const number = newAttemptNumber(core.options.order_prefix)
  const descriptor = core.options.statement_descriptor
  const attempt: AttemptRecord = {
    ...number,
    // decided, and written, before the request leaves
    three_d_secure: decideThreeDSecure(
      core.options.three_d_secure_rules,
      core.options.three_d_secure,
      paymentFacts(data, presence)
    ),
    ...(descriptor
      ? {
          descriptor: descriptorFor(
            descriptor,
            number.order_no,
            core.options.limits?.fields?.descriptor
          ),
        }
      : {}),
  }
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
    saveState(startAttempt(data, { ...attempt, kind, at: now.toISOString() })),
  ])
  return { data: stored.state, attempt, operation_id: operation.id }
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
  attempt: Pick<Attempt, "order_no" | "three_d_secure" | "descriptor">,
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
    three_d_secure: attempt.three_d_secure?.asked ? "always" : "issuer",
    descriptor: attempt.descriptor,
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
