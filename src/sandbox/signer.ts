/**
 * The sandbox's own signature computation. Deliberately separate from the
 * gateway client's signing code: if both shared one implementation, a
 * mistake in it would sign and verify consistently and no test would notice.
 * Recipes follow the wire contract's table and can be overridden per sandbox.
 */
import { createHash, timingSafeEqual } from "node:crypto"

export type SandboxMessageKind =
  | "authorise"
  | "checkout"
  | "capture"
  | "cancel"
  | "review"
  | "refund"
  | "retrieval_trans"
  | "retrieval_refund"
  | "payout"
  | "cancel_subscription"
  | "optimise"
  | "result"
  /** a CHARGEBACK notification: the result's fields, then the chargeback's */
  | "chargeback"
  /** a RECURRING notification: the result's fields, then recurring_id and deduction_number */
  | "recurring"
  | "payout_response"

export type SandboxRecipes = Record<SandboxMessageKind, readonly string[]>

const RESULT_FIELDS = [
  "merchant_id",
  "account_id",
  "transaction_id",
  "order_no",
  "currency",
  "amount",
  "order_status",
  "result_info",
] as const

/** Field paths per message; `list[].field` expands over every entry of `list`. */
export const DEFAULT_SANDBOX_RECIPES: Readonly<SandboxRecipes> = Object.freeze({
  authorise: [
    "merchant_id",
    "account_id",
    "order_no",
    "currency",
    "amount",
    "first_name",
    "last_name",
    "card",
    "expiration_year",
    "expiration_month",
    "security_code",
    "shopper_email",
  ],
  checkout: [
    "merchant_id",
    "account_id",
    "order_no",
    "currency",
    "amount",
    "return_url",
  ],
  capture: ["merchant_id", "account_id", "capture_orders[].transaction_id"],
  cancel: ["merchant_id", "account_id", "cancel_orders[].transaction_id"],
  review: ["merchant_id", "account_id", "review_orders[].transaction_id"],
  refund: ["merchant_id", "account_id", "refund_orders[].transaction_id"],
  retrieval_trans: ["merchant_id", "account_id"],
  retrieval_refund: ["merchant_id", "account_id"],
  payout: [
    "merchant_id",
    "account_id",
    "request_id",
    "payment_currency",
    "payment_amount",
  ],
  cancel_subscription: [
    "merchant_id",
    "account_id",
    "recurring_id",
    "contract_name",
  ],
  optimise: [
    "merchant_id",
    "account_id",
    "request_id",
    "currency",
    "amount",
    "shopper_email",
  ],
  result: RESULT_FIELDS,
  chargeback: [
    ...RESULT_FIELDS,
    "chargeback_reference",
    "chargeback_amount",
    "chargeback_status",
  ],
  recurring: [...RESULT_FIELDS, "recurring_id", "deduction_number"],
  payout_response: [
    "merchant_id",
    "account_id",
    "request_id",
    "transaction_id",
    "status",
  ],
})

export function resolveRecipes(
  overrides?: Partial<Record<SandboxMessageKind, readonly string[]>>
): SandboxRecipes {
  const merged = { ...DEFAULT_SANDBOX_RECIPES } as SandboxRecipes
  for (const [kind, fields] of Object.entries(overrides ?? {})) {
    if (!(kind in DEFAULT_SANDBOX_RECIPES))
      throw new RangeError(`unknown message kind "${kind}" in recipe overrides`)
    if (
      !Array.isArray(fields) ||
      fields.some((f) => typeof f !== "string" || f === "")
    ) {
      throw new RangeError(`recipe "${kind}" must be a list of field names`)
    }
    merged[kind as SandboxMessageKind] = [...fields]
  }
  return merged
}

/**
 * The values a recipe picks from a message, absent ones as "". A path is
 * dot-separated; a segment ending in `[]` expands over every entry of a list.
 */
export function recipeValues(
  recipe: readonly string[],
  message: Record<string, unknown>
): string[] {
  return recipe.flatMap((path) => walk(message, path.split(".")))
}

function walk(node: unknown, segments: string[]): string[] {
  if (segments.length === 0) return [scalar(node)]
  const [segment, ...rest] = segments
  const expands = segment.endsWith("[]")
  const key = expands ? segment.slice(0, -2) : segment
  const child =
    node !== null && typeof node === "object"
      ? (node as Record<string, unknown>)[key]
      : undefined
  if (!expands) return walk(child, rest)
  return Array.isArray(child) ? child.flatMap((entry) => walk(entry, rest)) : []
}

function scalar(value: unknown): string {
  if (value === undefined || value === null) return ""
  if (typeof value === "string") return value
  if (
    typeof value === "number" ||
    typeof value === "boolean" ||
    typeof value === "bigint"
  )
    return String(value)
  return ""
}

/** SHA-256 of the values and the key, spaces removed, as 64 lowercase hex characters. */
export function computeSignature(
  values: readonly string[],
  signKey: string
): string {
  const plain = (values.join("") + signKey).replace(/ /g, "")
  return createHash("sha256").update(plain, "utf8").digest("hex")
}

export function signFields(
  kind: SandboxMessageKind,
  message: Record<string, unknown>,
  signKey: string,
  recipes: SandboxRecipes
): string {
  return computeSignature(recipeValues(recipes[kind], message), signKey)
}

/** Case-insensitive, constant-time comparison; anything but 64 hex characters never matches. */
export function signaturesMatch(received: unknown, expected: string): boolean {
  if (typeof received !== "string" || !/^[0-9a-fA-F]{64}$/.test(received))
    return false
  const a = Buffer.from(received.toLowerCase(), "utf8")
  const b = Buffer.from(expected.toLowerCase(), "utf8")
  return a.length === b.length && timingSafeEqual(a, b)
}

export function verifyFields(
  kind: SandboxMessageKind,
  message: Record<string, unknown>,
  signKey: string,
  recipes: SandboxRecipes
): boolean {
  return signaturesMatch(
    message.encryption_data,
    signFields(kind, message, signKey, recipes)
  )
}
