/**
 * Checks a payment order (direct or hosted) and opens its transaction.
 * Refusals name the field; nothing of the card is kept in the transaction
 * but its mask (a card the merchant asks to keep goes to stored-cards.ts).
 */
import { decodeItems } from "../gateway/codecs/items"
import { InvalidInputError } from "../gateway/errors"
import { PAYMENT_METHOD } from "../gateway/statuses"
import type { SandboxAccount } from "./accounts"
import type { SandboxContext } from "./context"
import { checkBrowserUrl, checkNotifyUrl } from "./notify-url"
import { Refusal } from "./result-codes"
import { ORDER_TYPES, type OrderType, type Transaction } from "./transactions"
import {
  checkLengths,
  currency,
  nested,
  orderAmount,
  required,
  text,
  type WireBody,
} from "./wire-fields"

const AMOUNT_FIELDS = [
  "amount",
  "item_total",
  "shipping",
  "handling",
  "tax_total",
  "insurance",
  "shipping_discount",
  "discount",
]

export interface PaymentOrder {
  order_no: string
  currency: string
  amount: string
  notify_url: string
  return_url: string
  cancel_url: string
  website: string
  note: string
  descriptor: string
  /** token_flag YES: keep the card once the payment is authorised */
  keep_card: boolean
  /** the stored card to pay with (direct payment only); "" for a typed card */
  token_id: string
  shopper_email: string
  first_name: string
  last_name: string
  subscription: unknown
  /** "" for an e-commerce payment */
  order_type: OrderType | ""
}

export function readOrder(
  ctx: SandboxContext,
  body: WireBody,
  options: { returnUrlRequired: boolean }
): PaymentOrder {
  const order_no = required(body, "order_no")
  checkLengths(body, ctx.fieldLimits, AMOUNT_FIELDS)
  const code = currency(body)
  const amount = orderAmount(body, code)
  const items = text(body, "items")
  if (items !== "") {
    try {
      decodeItems(items)
    } catch (error) {
      if (error instanceof InvalidInputError)
        throw Refusal.field("E0001", "items", error.reason)
      throw error
    }
  }
  const notify_url = text(body, "notify_url")
  checkNotifyUrl(notify_url, ctx.notifyHosts)
  const return_url = options.returnUrlRequired
    ? required(body, "return_url")
    : text(body, "return_url")
  const cancel_url = text(body, "cancel_url")
  checkBrowserUrl(return_url, "return_url")
  checkBrowserUrl(cancel_url, "cancel_url")
  return {
    order_no,
    currency: code,
    amount,
    notify_url,
    return_url,
    cancel_url,
    website: text(body, "website"),
    note: text(body, "note"),
    descriptor: descriptor(body),
    keep_card: tokenFlag(body) === "YES",
    token_id: text(body, "token_id"),
    shopper_email: text(body, "shopper_email"),
    first_name: text(body, "first_name"),
    last_name: text(body, "last_name"),
    subscription: nested(body, "subscription"),
    order_type: orderType(body),
  }
}

/** order_type: MOTO, MIT or empty; anything else is E0001. */
function orderType(body: WireBody): OrderType | "" {
  const type = text(body, "order_type")
  if (type === "") return ""
  const known = ORDER_TYPES.find((t) => t === type)
  if (!known)
    throw Refusal.field(
      "E0001",
      "order_type",
      `must be ${ORDER_TYPES.join(", ")} or empty`
    )
  return known
}

/** What card networks print: Latin letters, digits, spaces and . , - * / & + # (its length is a field limit). */
function descriptor(body: WireBody): string {
  const value = text(body, "descriptor")
  if (value !== "" && !/^[A-Za-z0-9 .,\-*/&+#]+$/.test(value))
    throw Refusal.field(
      "E0001",
      "descriptor",
      "may hold only Latin letters, digits, spaces and . , - * / & + #"
    )
  return value
}

/** token_flag: YES keeps the card, NO or empty keeps nothing, anything else is E0001. */
function tokenFlag(body: WireBody): string {
  const flag = text(body, "token_flag")
  if (flag !== "" && flag !== "YES" && flag !== "NO")
    throw Refusal.field("E0001", "token_flag", "must be YES, NO or empty")
  return flag
}

/** Refuses a second transaction with the same order_no in this account (I0061), whatever became of the first. */
export function assertNewOrderNo(
  ctx: SandboxContext,
  account: SandboxAccount,
  orderNo: string
): void {
  if (ctx.store.ledger(account).byOrderNo.has(orderNo)) {
    throw new Refusal(
      "I0061",
      `Duplicate order number: order_no ${orderNo} was already used`,
      "order_no"
    )
  }
}

export function openTransaction(
  ctx: SandboxContext,
  account: SandboxAccount,
  order: PaymentOrder,
  channel: Transaction["channel"]
): Transaction {
  const now = ctx.clock()
  const tx: Transaction = {
    transaction_id: ctx.store.newTransactionId(),
    reference_no: ctx.store.newReference("REF"),
    merchant_id: account.merchant_id,
    account_id: account.account_id,
    order_no: order.order_no,
    currency: order.currency,
    amount: order.amount,
    channel,
    // a direct payment is a card; checkout sets the method its page opens on
    payment_method: PAYMENT_METHOD.CARD,
    state: "awaiting_card",
    result_info: "",
    refunds: [],
    chargebacks: [],
    card_masked: "",
    risk_action: "",
    risk_score: "",
    threeds_result: "",
    is3ds: false,
    notify_url: order.notify_url,
    return_url: order.return_url,
    cancel_url: order.cancel_url,
    website: order.website,
    note: order.note,
    descriptor: order.descriptor,
    keep_card: order.keep_card,
    ...(order.order_type ? { order_type: order.order_type } : {}),
    ...(channel === "hosted" && order.subscription
      ? { subscription_asked: order.subscription }
      : {}),
    token_id: "",
    shopper_email: order.shopper_email,
    first_name: order.first_name,
    last_name: order.last_name,
    created_at: now,
    updated_at: now,
  }
  ctx.store.ledger(account).add(tx)
  return tx
}
