/**
 * POST /v1/authorise: direct card payment, answered with a signed `respon`
 * XML document. The card is typed (card, expiry, security code) or stored
 * (a non-empty token_id, the card fields empty); token_flag YES keeps the
 * card once the payment is authorised.
 */
import { PAYMENT_METHOD } from "../../gateway/statuses"
import type { SandboxAccount } from "../accounts"
import {
  applyCardOutcome,
  issuerUrl,
  startSubscription,
} from "../authorization"
import {
  identify,
  unknownAccount,
  type Operation,
  type Reply,
  type SandboxContext,
} from "../context"
import { assertNewOrderNo, openTransaction, readOrder } from "../order-intake"
import { Refusal, resultInfo } from "../result-codes"
import { notifyOutcome, resultFields, signResult } from "../results"
import type { CardToStore } from "../stored-cards"
import { decideCard, decideStoredCard } from "../test-cards"
import { text, type WireBody } from "../wire-fields"

export const authorize: Operation = (ctx, { body }) => {
  const caller = identify(ctx, "authorise", body)
  if (!caller) return unknownAccount()
  const { account } = caller
  if (!caller.signed) return refused(ctx, account, body, resultInfo("I0013"))
  try {
    const order = readOrder(ctx, body, { returnUrlRequired: false })
    if (
      order.order_type === "MIT" &&
      (order.token_id === "" || text(body, "security_code") !== "")
    )
      throw Refusal.field(
        "E0001",
        "order_type",
        "MIT is a stored card (token_id) charged without its security code"
      )
    const decision =
      order.token_id === ""
        ? decideCard(body, ctx.cards, ctx.clock())
        : decideStoredCard(
            storedCard(ctx, account, order.token_id, body),
            body.security_code,
            ctx.cards,
            ctx.clock()
          )
    if (decision.kind === "invalid") {
      throw Refusal.field(
        "E0001",
        decision.problem.field,
        decision.problem.reason
      )
    }
    assertNewOrderNo(ctx, account, order.order_no)
    const tx = openTransaction(ctx, account, order, "direct")
    tx.card_masked = decision.masked
    applyCardOutcome(ctx, tx, {
      outcome: decision.outcome,
      reason: decision.reason,
      threeDS: String(body.open3d ?? "") === "do3DS",
      card: decision.card,
    })
    startSubscription(ctx, tx, order.subscription)
    if (tx.state !== "pending_3ds") notifyOutcome(ctx, tx, "PAYMENT")

    const fields = resultFields(tx)
    if (tx.state === "pending_3ds") fields.issuer_url = issuerUrl(ctx, tx)
    return xml(ctx, account, fields)
  } catch (error) {
    if (error instanceof Refusal) return refused(ctx, account, body, error.info)
    throw error
  }
}

/**
 * The card behind token_id: the card fields must be empty (E0001); a token
 * this account never issued, or one that lapsed, is E0011.
 */
function storedCard(
  ctx: SandboxContext,
  account: SandboxAccount,
  tokenId: string,
  body: WireBody
): CardToStore {
  for (const field of ["card", "expiration_month", "expiration_year"]) {
    if (text(body, field) !== "")
      throw Refusal.field(
        "E0001",
        field,
        "must be empty when paying with a stored card (token_id)"
      )
  }
  const vault = ctx.store.ledger(account).storedCards
  const stored = vault.find(tokenId)
  if (stored) return stored.card
  const lapsed = vault.view(tokenId)?.state === "lapsed"
  throw new Refusal(
    "E0011",
    lapsed ? "Stored card not found: the token has lapsed" : undefined,
    "token_id"
  )
}

function xml(
  ctx: SandboxContext,
  account: SandboxAccount,
  fields: Record<string, unknown>
): Reply {
  const signed = signResult(ctx, account, fields)
  return {
    kind: "xml",
    fields: signed,
    summary: `order_status=${fields.order_status} ${fields.result_info}`,
  }
}

/** A refused order: no transaction, the order echoed, order_status 0. */
function refused(
  ctx: SandboxContext,
  account: SandboxAccount,
  body: WireBody,
  info: string
): Reply {
  return xml(ctx, account, {
    merchant_id: account.merchant_id,
    account_id: account.account_id,
    transaction_id: "",
    order_no: echo(body.order_no),
    currency: echo(body.currency),
    amount: echo(body.amount),
    card: "",
    payment_method: PAYMENT_METHOD.CARD,
    order_status: "0",
    result_info: info,
    risk_reasons: [],
  })
}

function echo(value: unknown): string {
  return typeof value === "string" || typeof value === "number"
    ? String(value)
    : ""
}
