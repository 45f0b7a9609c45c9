/**
 * The plugin's part of a payment session's (and, once authorised, the
 * payment's) `data`: one zod schema, parsed wherever data comes back from
 * Medusa. Whatever else reaches the provider (a card sent by mistake, an
 * unknown key) is dropped here, so it can never be stored.
 *
 * The attempt ledger lists every request that could create a payment at the
 * acquirer (authorise, hosted checkout), written before the request leaves.
 * The payment fields (transaction, result, card, risk, 3-D Secure) describe
 * the attempt that holds the money, or else the latest attempt.
 */
import { z } from "zod"
import { CartSnapshotSchema, ClientContextSchema } from "./cart-snapshot"
import { DeviceSchema } from "./device"
import { SubscriptionSchema } from "./subscription"
import { attemptStateOfStatus } from "./status-meaning"

export const SESSION_STATUSES = [
  "pending",
  "requires_more",
  /** a delayed method (bank transfer) awaits the shopper's money: Medusa makes the order without a payment */
  "pending_authorization",
  "authorized",
  "captured",
  "canceled",
  "error",
] as const
export type SessionStatus = (typeof SESSION_STATUSES)[number]

export const ATTEMPT_STATES = [
  /** written before the request left; no answer yet */
  "sent",
  /** the answer was lost or could not be trusted: settled by the status query */
  "unknown",
  /** awaiting the shopper (hosted page open, 3-D Secure challenge) or the acquirer */
  "pending",
  "requires_more",
  /** a bank transfer the acquirer awaits (P0001): captured on arrival, or lapsed (E0012) */
  "awaiting_transfer",
  "authorized",
  "captured",
  "declined",
  /** the acquirer voided it */
  "void",
  /** the acquirer did not know the order when asked (an answer may still be in flight) */
  "absent",
] as const
export type AttemptState = (typeof ATTEMPT_STATES)[number]

const ResultInfoSchema = z.object({ code: z.string(), text: z.string() })
export type ResultInfo = z.infer<typeof ResultInfoSchema>

export const AttemptSchema = z.object({
  order_no: z.string(),
  kind: z.enum(["authorise", "checkout"]),
  state: z.enum(ATTEMPT_STATES),
  /** ISO time the request was written */
  at: z.string(),
  /**
   * ISO time the acquirer authorised it: the request's time when it became
   * authorised, or the acquirer's earlier transaction_date from a status
   * query. The authorisation lapses from here (see authorization-lifetime.ts).
   */
  authorized_at: z.string().optional(),
  /**
   * ISO time the acquirer lapses the bank transfer this attempt awaits,
   * unless its money has arrived: the request's time plus the transfer
   * lifetime. Kept after the transfer ends: the attempt was a transfer.
   */
  awaited_until: z.string().optional(),
  transaction_id: z.string().optional(),
  /** opaque per-attempt token for browser-facing URLs */
  token: z.string().optional(),
  /** whether the attempt asked for 3-D Secure, and the rule or default that decided (admin-contract/three-d-secure-rules.ts) */
  three_d_secure: z
    .object({
      asked: z.boolean(),
      reason: z.string(),
      rule: z.number().int().nullable(),
    })
    .optional(),
  /** the statement descriptor the attempt sent */
  descriptor: z.string().optional(),
})
export type Attempt = z.infer<typeof AttemptSchema>

export const StoredRefundSchema = z.object({
  refund_reference_id: z.string(),
  amount: z.string(),
  /** Medusa's refund id, when Medusa asked for it */
  idempotency_key: z.string().optional(),
})
export type StoredRefund = z.infer<typeof StoredRefundSchema>

const ThreeDsSchema = z.object({
  issuer_url: z.string().optional(),
  result: z.string().optional(),
  form: z
    .object({
      action: z.string(),
      method: z.literal("POST"),
      inputs: z.record(z.string(), z.string()),
    })
    .optional(),
})

const RiskSchema = z.object({
  action: z.string().optional(),
  score: z.string().optional(),
  reasons: z
    .array(
      z.object({ name: z.string().optional(), status: z.string().optional() })
    )
    .optional(),
})

/**
 * Saved cards of signed-in customers: the customer who asked to keep the
 * card of this payment (and where its token belongs), or whose saved card
 * paid it; `id` is the saved card, once kept or when it paid.
 */
const SavedCardUseSchema = z.object({
  customer_id: z.string(),
  /** keep the card this payment is made with */
  keep: z.boolean().optional(),
  /** paid with a saved card */
  paid_with: z.boolean().optional(),
  id: z.string().optional(),
  /** the acquirer's merchant and account the token belongs to, and the provider it was asked through */
  merchant_id: z.string().optional(),
  account_id: z.string().optional(),
  provider_id: z.string().optional(),
})
export type SavedCardUse = z.infer<typeof SavedCardUseSchema>

export const REVIEW_STATES = ["held", "released", "rejected"] as const
export type ReviewState = (typeof REVIEW_STATES)[number]

export const SessionDataSchema = z.object({
  session_id: z.string().optional(),
  /** the decimal amount the acquirer holds, in the currency's digits */
  amount: z.string().optional(),
  currency: z.string().optional(),
  status: z.enum(SESSION_STATUSES).optional(),
  attempts: z.array(AttemptSchema).optional(),
  order_no: z.string().optional(),
  transaction_id: z.string().optional(),
  order_status: z.string().optional(),
  result: ResultInfoSchema.optional(),
  card_masked: z.string().optional(),
  /** the method the shopper chose for the hosted page, then the one the acquirer says paid (CARD, WALLET, BANK_TRANSFER …) */
  payment_method: z.string().optional(),
  /** the acquirer's token of the card that paid, when it keeps the card (never shown) */
  token_id: z.string().optional(),
  saved_card: SavedCardUseSchema.optional(),
  three_ds: ThreeDsSchema.optional(),
  risk: RiskSchema.optional(),
  /** risk review: one field */
  review: z.enum(REVIEW_STATES).optional(),
  /** what the acquirer captured, when less than `amount` (the rest was released) */
  captured_amount: z.string().optional(),
  refunds: z.array(StoredRefundSchema).optional(),
  /** ISO time the admin's feed was told the authorisation lapses within a day (told once) */
  lapse_notice_at: z.string().optional(),
  /** a capture the order's fulfilment or shipment asked for lost its answer: the reconcile job captures again until it is made or refused */
  capture_due: z.enum(["fulfilment", "shipment"]).optional(),
  /** order cancelled: the void is retried until the acquirer confirms it */
  void_pending: z.boolean().optional(),
  /** a bank transfer voided because its order was cancelled while the money was awaited (it did not lapse) */
  transfer_voided: z.boolean().optional(),
  /** asked by the storefront, started by the acquirer, cancelled by the merchant */
  subscription: SubscriptionSchema.optional(),
  /** staff type the card on the acquirer's page for a customer on the telephone (order_type MOTO) */
  staff_entered: z.boolean().optional(),
  /** a payment link's page keeps the card it is paid with for this customer (a subscription's lapsed card replaced) */
  keep_card_for: z.string().optional(),
  /** a charge staff made of the customer's saved card (merchant-initiated): who, why, and the request it answers */
  merchant_charge: z
    .object({
      request_id: z.string(),
      reason: z.string(),
      actor: z.string().nullable(),
      at: z.string(),
    })
    .optional(),
  /** the admin account the payment began with (id null: medusa-config alone); later operations use it */
  account: z
    .object({ id: z.string().nullable(), mode: z.enum(["test", "live"]) })
    .optional(),
  cart: CartSnapshotSchema.optional(),
  device: DeviceSchema.optional(),
  client: ClientContextSchema.optional(),
  /** ISO time the retention job removed the shopper's data (cart, device, client) from this state */
  anonymised_at: z.string().optional(),
})
export type SessionData = z.infer<typeof SessionDataSchema>

/** Persists session data (Medusa's payment session) and answers what was stored. */
export type SaveSession = (data: SessionData) => Promise<SessionData>

/**
 * Reads stored data. Unknown keys are dropped; a key whose value does not
 * fit (data written by an older version) is dropped alone, so one odd field
 * never makes a payment unusable.
 */
export function parseSessionData(raw: unknown): SessionData {
  if (!raw || typeof raw !== "object") return {}
  const parsed = SessionDataSchema.safeParse(raw)
  if (parsed.success) return parsed.data
  const kept: Record<string, unknown> = { ...(raw as Record<string, unknown>) }
  for (const issue of parsed.error.issues) {
    const key = issue.path[0]
    if (typeof key === "string") delete kept[key]
  }
  const retry = SessionDataSchema.safeParse(kept)
  return retry.success ? retry.data : {}
}

/** The shape Medusa stores. */
export function toStored(data: SessionData): Record<string, unknown> {
  return data as Record<string, unknown>
}

export function currentAttempt(data: SessionData): Attempt | undefined {
  const attempts = data.attempts ?? []
  return attempts[attempts.length - 1]
}

/** Attempts whose outcome the plugin does not know yet. */
export function unsettledAttempts(data: SessionData): Attempt[] {
  return (data.attempts ?? []).filter(
    (attempt) => attempt.state === "sent" || attempt.state === "unknown"
  )
}

/** Legacy data (before the ledger): its one order number becomes the ledger's first attempt. */
export function withLedger(
  data: SessionData,
  kind: Attempt["kind"]
): SessionData {
  if (data.attempts?.length || !data.order_no || !data.transaction_id)
    return data
  const state = attemptStateOfStatus(data.status)
  return {
    ...data,
    attempts: [
      {
        order_no: data.order_no,
        kind,
        state,
        at: new Date(0).toISOString(),
        transaction_id: data.transaction_id,
      },
    ],
  }
}
