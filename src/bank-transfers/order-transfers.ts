/**
 * What the order page says of an order's bank transfers that no payment
 * stands on: one the acquirer still awaits (Medusa's pending_authorization:
 * how much, since when, and until when the acquirer waits, the option
 * transfer_lifetime_days, 7 by default), and one that ended without money
 * (it lapsed, or the merchant cancelled the order first: either way the
 * order is cancelled and the acquirer refuses money sent for it; its status
 * query says the same, 1100, for both). A transfer that arrived is a
 * captured payment and shows as one. Awaited money is on its way, never owed: the order's
 * balance leaves it out, and no payment link asks for it.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { currencyDigits } from "../gateway/index"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { choiceOf, coreFor } from "../accounts/registry"
import { exactAmountOf, withDigits } from "../money/medusa-amount"
import { readSessions } from "../payment-sessions/session-store"
import { paymentAttempt } from "../payment-sessions/transitions"
import { isDelayed } from "../payment-sessions/status-meaning"
import type { SessionData } from "../payment-sessions/session-data"
import { rulesOf } from "../acquirer-calls/settle-attempts"
import { DAY_MS } from "../payment-sessions/authorization-lifetime"

/** The wire contract's lifetime of an awaited transfer, the option's default. */
export const DEFAULT_TRANSFER_LIFETIME_DAYS = 7

export interface OrderTransferView {
  payment_session_id: string
  /** awaited: the money may still come; not_received: it ended without money, the order cancelled */
  status: "awaited" | "not_received"
  /** in the currency's digits */
  amount: string
  currency: string
  /** the method the shopper chose (BANK_TRANSFER, or another delayed one) */
  payment_method: string
  /** when the transfer began to be awaited (ISO) */
  since: string | null
  /** when the acquirer lets it lapse if no money came (ISO) */
  until: string | null
}

type SessionRow = {
  id: string
  provider_id: string
  status: string
  amount?: number | string | null
  raw_amount?: { value: string } | null
  currency_code: string
  data?: Record<string, unknown> | null
}

type OrderRow = {
  payment_collections?:
    | ({
        payment_sessions?: (SessionRow | null)[] | null
        payments?: ({ payment_session_id?: string | null } | null)[] | null
      } | null)[]
    | null
}

const ENDED_OR_AWAITED = ["pending_authorization", "error", "canceled"]

/** The acquiring sessions of the order no payment stands on, awaited or ended. */
async function unpaidSessions(
  container: MedusaContainer,
  orderId: string
): Promise<SessionRow[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "payment_collections.payment_sessions.id",
      "payment_collections.payment_sessions.provider_id",
      "payment_collections.payment_sessions.status",
      "payment_collections.payment_sessions.amount",
      "payment_collections.payment_sessions.raw_amount",
      "payment_collections.payment_sessions.currency_code",
      "payment_collections.payment_sessions.data",
      "payment_collections.payments.payment_session_id",
    ],
    filters: { id: orderId },
  })
  const collections = (
    (data[0] as OrderRow | undefined)?.payment_collections ?? []
  ).flatMap((c) => (c ? [c] : []))
  const paid = new Set(
    collections.flatMap((c) =>
      (c.payments ?? []).map((p) => p?.payment_session_id)
    )
  )
  return collections
    .flatMap((c) => c.payment_sessions ?? [])
    .filter(
      (s): s is SessionRow =>
        !!s &&
        isAcquiringProvider(s.provider_id) &&
        ENDED_OR_AWAITED.includes(s.status) &&
        !paid.has(s.id)
    )
}

/** The acquirer's rules for the payment's account: which methods are delayed, and how long a transfer is awaited. */
async function transferRules(
  container: MedusaContainer,
  providerId: string,
  data: SessionData
) {
  try {
    const core = await coreFor(container, providerId, choiceOf(data))
    return {
      delayed: rulesOf(core).delayed,
      lifetimeDays: core.options.transfer_lifetime_days,
    }
  } catch {
    // an account deleted since: the wire contract's defaults
    return {
      delayed: undefined,
      lifetimeDays: DEFAULT_TRANSFER_LIFETIME_DAYS,
    }
  }
}

function statusOf(
  session: SessionRow,
  data: SessionData
): OrderTransferView["status"] | null {
  if (session.status === "pending_authorization") return "awaited"
  const state = paymentAttempt(data)?.state
  return state === "declined" || state === "void" ? "not_received" : null
}

/** The order's bank transfers without a payment, oldest first, as the order widget shows them. */
export async function transfersOfOrder(
  container: MedusaContainer,
  orderId: string
): Promise<OrderTransferView[]> {
  const sessions = await unpaidSessions(container, orderId)
  if (!sessions.length) return []
  const states = await readSessions(sessions.map((s) => s.data ?? {}))
  const views = await Promise.all(
    sessions.map(async (session, index) => {
      const data = states[index]
      const rules = await transferRules(container, session.provider_id, data)
      const status = statusOf(session, data)
      if (!status || !isDelayed(data.payment_method, rules.delayed)) return null
      const attempt = paymentAttempt(data)
      const since = attempt?.at ? new Date(attempt.at) : null
      const currency = session.currency_code.toUpperCase()
      return {
        payment_session_id: session.id,
        status,
        amount: withDigits(
          exactAmountOf(session.raw_amount, session.amount),
          currencyDigits(currency)
        ),
        currency,
        payment_method: (data.payment_method ?? "BANK_TRANSFER").toUpperCase(),
        since: since?.toISOString() ?? null,
        // stamped on the attempt when it began to be awaited (what the shopper was told); computed for older attempts
        until:
          attempt?.awaited_until ??
          (since
            ? new Date(
                since.getTime() + rules.lifetimeDays * DAY_MS
              ).toISOString()
            : null),
      } satisfies OrderTransferView
    })
  )
  return views
    .filter((view): view is OrderTransferView => view !== null)
    .sort((a, b) => (a.since ?? "").localeCompare(b.since ?? ""))
}

const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`

/** Why a link is refused while the order's money is awaited, in the merchant's words. */
export function awaitedRefusal(
  order: string,
  transfers: OrderTransferView[]
): string {
  const listed = transfers
    .filter((t) => t.status === "awaited")
    .map(
      (t) =>
        `${t.amount} ${t.currency}${t.since ? `, awaited since ${utc(t.since)}` : ""}${t.until ? ` (the acquirer waits until ${utc(t.until)})` : ""}`
    )
    .join("; ")
  return `${order} owes nothing: the shopper's bank transfer of ${listed} is on its way. A payment link would ask for the same money twice; if the transfer does not arrive in time, the order is cancelled and the shopper can order again.`
}
