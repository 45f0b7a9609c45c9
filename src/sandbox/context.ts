/** What every operation handler gets: configuration, state and helpers. */
import type { BatchLimits, FieldLimits } from "../gateway/limits"
import type { AccountRegistry, SandboxAccount } from "./accounts"
import type { Notifier } from "./notifier"
import type { PayoutSettler } from "./payout-settler"
import {
  verifyFields,
  type SandboxMessageKind,
  type SandboxRecipes,
} from "./signer"
import type { SandboxStore } from "./store"
import type { TestCard } from "./test-cards"

export interface SandboxContext {
  accounts: AccountRegistry
  store: SandboxStore
  recipes: SandboxRecipes
  cards: readonly TestCard[]
  batchLimits: BatchLimits
  fieldLimits: FieldLimits
  /** caller IPs retrievalTrans answers; the control surface may change them */
  registeredIps: Set<string>
  /** hosts notify_url may name besides loopback; "*" allows any */
  notifyHosts: readonly string[]
  notifier: Notifier
  payouts: PayoutSettler
  clock: () => Date
  /** days an uncaptured authorisation lives (wire contract DECISION: 7) */
  authorizationLifetimeDays: number
  /** days a bank transfer is awaited before it lapses (wire contract DECISION: 7) */
  transferLifetimeDays: number
  /** between the first payment's order number and a deduction's number (wire contract DECISION: -R) */
  deductionInfix: string
  /** the sandbox's own address, for issuer_url and the checkout form's action */
  baseUrl: () => string
}

export interface OperationRequest {
  body: Record<string, unknown>
  ip: string
}

export type Reply =
  | {
      kind: "xml"
      status?: number
      fields: Record<string, unknown>
      summary: string
    }
  | {
      kind: "json"
      status?: number
      body: Record<string, unknown>
      summary: string
    }
  /** `signature` lets a wrong-signature fault find and replace the page's signature */
  | {
      kind: "html"
      status?: number
      html: string
      signature?: string
      summary: string
    }

export type Operation = (
  ctx: SandboxContext,
  request: OperationRequest
) => Reply | Promise<Reply>

/**
 * The account the body names and whether the request's signature holds with
 * its key; undefined when no such account exists.
 */
export function identify(
  ctx: SandboxContext,
  kind: SandboxMessageKind,
  body: Record<string, unknown>
): { account: SandboxAccount; signed: boolean } | undefined {
  const account = ctx.accounts.find(body.merchant_id, body.account_id)
  if (!account) return undefined
  return {
    account,
    signed: verifyFields(kind, body, account.sign_key, ctx.recipes),
  }
}

/** The answer to a request naming no known account: nothing can be signed for it. */
export function unknownAccount(): Reply {
  return badRequest(
    "I0013",
    "merchant_id",
    "no sandbox account with this merchant_id and account_id"
  )
}

/** HTTP 400 for what has no message-level status: `{code, source, message}`. */
export function badRequest(
  code: string,
  source: string,
  message: string
): Reply {
  return {
    kind: "json",
    status: 400,
    body: { code, source, message },
    summary: `400 ${code} ${source}`,
  }
}
