/**
 * Payment sessions of the acquiring providers as the store API shows them,
 * and starting one for a cart.
 */
import { collectDeviceData, type DeviceData } from "./device-data.js"
import { AcquiringRequestError, errorFromAnswer } from "./request-error.js"
import type { StoreTransport } from "./transport.js"

/** Provider ids of the plugin registered with `id: "acquiring"`. */
export const ACQUIRING_PROVIDERS = {
  card: "pp_acquiring-card_acquiring",
  hosted: "pp_acquiring-hosted_acquiring",
} as const

export type AcquiringMethod = keyof typeof ACQUIRING_PROVIDERS

/**
 * `pending_authorization`: a bank transfer the acquirer awaits. Medusa
 * completes the cart into an order without a payment; the payment is
 * recorded when the money arrives (or the order is cancelled when it never
 * does).
 */
export type SessionStatus =
  | "pending"
  | "requires_more"
  | "pending_authorization"
  | "authorized"
  | "captured"
  | "error"
  | "canceled"

/** A hidden form the browser posts, top-level, to the 3-D Secure challenge. */
export type ThreeDsForm = {
  action: string
  method: "POST"
  inputs: Record<string, string>
}

/**
 * A bank transfer's course: `awaited` (send `amount` in `currency` before
 * `awaited_until`, when the acquirer gives up on it), then `received`,
 * `lapsed` (the money never came: its order is cancelled) or `voided` (its
 * order was cancelled while the money was awaited).
 */
export type TransferCourse = {
  state: "awaited" | "received" | "lapsed" | "voided"
  /** A decimal string in the currency's digits, e.g. "105.00". */
  amount: string
  currency: string
  /** ISO time. */
  awaited_until: string
}

/** The only session data a storefront ever sees. */
export type PublicSessionData = {
  status?: SessionStatus
  result?: { code: string; text: string }
  card_masked?: string
  /** The method picked for the hosted page, then the one that paid (`CARD`, `WALLET`, `BANK_TRANSFER`, …). */
  payment_method?: string
  /** The saved card this payment kept or was paid with (never its token). */
  saved_card_id?: string
  review?: "held" | "released" | "rejected"
  three_ds?: { form?: ThreeDsForm; result?: string }
  confirming?: true
  /** A bank transfer, once the shopper said it is sent. */
  transfer?: TransferCourse
}

export type AcquiringSession = {
  id: string
  provider_id?: string
  status: SessionStatus
  data: PublicSessionData
}

/** The parts of Medusa's store cart the kit reads. */
export type CartLike = {
  id: string
  payment_collection?: {
    id: string
    payment_sessions?:
      | { id: string; provider_id: string; status?: string; data?: unknown }[]
      | null
  } | null
}

/** A provider id from "card", "hosted" or a full id (for another provider registration id). */
export function providerId(provider: AcquiringMethod | string): string {
  return provider in ACQUIRING_PROVIDERS
    ? ACQUIRING_PROVIDERS[provider as AcquiringMethod]
    : provider
}

/** The cart's session of `provider`, when it has one. */
export function findSession(
  cart: CartLike,
  provider: AcquiringMethod | string
): AcquiringSession | undefined {
  const id = providerId(provider)
  const found = cart.payment_collection?.payment_sessions?.find(
    (session) => session.provider_id === id
  )
  return found ? toSession(found) : undefined
}

export function toSession(raw: any): AcquiringSession {
  return {
    id: String(raw.id),
    provider_id: raw.provider_id,
    status: raw.status,
    data: (raw.data ?? {}) as PublicSessionData,
  }
}

export type StartSessionOptions = {
  /** Collected from the browser when not given. */
  device?: DeviceData
  /**
   * The payment method's code from `listPaymentMethods` (`WALLET`,
   * `BANK_TRANSFER`, …), sent as `data.payment_method`: the hosted page then
   * opens on it. Use the method's own `provider_id` as `provider`; a method
   * the acquirer did not offer for the cart through it is refused (400
   * naming `data.payment_method`).
   */
  paymentMethod?: string
}

/**
 * Starts a payment session for the cart with the browser's device data, as
 * js-sdk's `store.payment.initiatePaymentSession` does (it creates the
 * payment collection first when the cart has none). Starting another
 * provider's session replaces the cart's other sessions.
 */
export async function startSession(
  store: StoreTransport,
  cart: CartLike,
  provider: AcquiringMethod | string,
  options: StartSessionOptions = {}
): Promise<AcquiringSession> {
  let collectionId = cart.payment_collection?.id
  if (!collectionId) {
    const created = await store("POST", "/store/payment-collections", {
      cart_id: cart.id,
    })
    if (created.status !== 200) throw errorFromAnswer(created)
    collectionId = String(created.body.payment_collection.id)
  }
  const id = providerId(provider)
  const answer = await store(
    "POST",
    `/store/payment-collections/${encodeURIComponent(collectionId)}/payment-sessions`,
    {
      provider_id: id,
      data: {
        device: options.device ?? collectDeviceData(),
        ...(options.paymentMethod
          ? { payment_method: options.paymentMethod }
          : {}),
      },
    }
  )
  if (answer.status !== 200) throw errorFromAnswer(answer)
  const session = answer.body?.payment_collection?.payment_sessions?.find(
    (s: any) => s.provider_id === id
  )
  if (!session) {
    throw new AcquiringRequestError(
      answer.status,
      "payment_session_missing",
      `The payment collection has no session of ${id}`
    )
  }
  return toSession(session)
}

/** GET the session's public view (route 4 of the store contract). */
export async function readSession(
  store: StoreTransport,
  sessionId: string
): Promise<AcquiringSession> {
  const answer = await store(
    "GET",
    `/store/acquiring/payment-sessions/${encodeURIComponent(sessionId)}`
  )
  if (answer.status !== 200) throw errorFromAnswer(answer)
  return toSession(answer.body.payment_session)
}
