/**
 * POST /v1/retrievalTrans: status of orders by order number (`orders`) or
 * transaction id (`trades`). Only registered caller IPs may ask (others get
 * query_result 7 for every entry). The response echoes encryption_data.
 * An entry lists `chargebacks` only when the payment has any.
 */
import {
  identify,
  unknownAccount,
  type Operation,
  type Reply,
} from "../context"
import { lapseIfDue } from "../authorization-lifetime"
import { wireChargeback } from "../chargebacks"
import { compactTimestamp } from "../clock-format"
import { Refusal, resultInfo } from "../result-codes"
import { looseValues, readSelector } from "../selectors"
import { paymentStatus, type Transaction } from "../transactions"
import { text, type WireBody } from "../wire-fields"

const SELECTORS = ["orders", "trades"] as const

export const retrievalTrans: Operation = (ctx, { body, ip }) => {
  const caller = identify(ctx, "retrieval_trans", body)
  if (!caller) return unknownAccount()
  const { account } = caller
  const answer = (
    ok: boolean,
    message: string,
    entries: Record<string, unknown>[],
    found: Transaction[] = []
  ): Reply => ({
    kind: "json",
    body: {
      merchant_id: account.merchant_id,
      account_id: account.account_id,
      encryption_data: text(body, "encryption_data"),
      return_status: ok ? "1" : "0",
      return_message: message,
      antifraud_provider: "sandbox-risk",
      fraud_check_result: found.slice(0, 1).map((tx) => ({
        check_items: "card_velocity",
        status: tx.risk_action || "ACCEPT",
      })),
      is3ds: found.length > 0 && found[0].is3ds ? "1" : "0",
      orders_list: entries,
    },
    summary: ok
      ? `return_status=1 ${entries.map((e) => e.query_result).join(",")}`
      : `return_status=0 ${message}`,
  })
  const everyEntry = (queryResult: string) =>
    looseValues(body, SELECTORS).map(({ field, value }) =>
      lookupEcho(field, value, queryResult)
    )

  if (!caller.signed) return answer(false, resultInfo("I0013"), everyEntry("6"))
  if (!ctx.registeredIps.has(ip)) {
    return answer(
      false,
      resultInfo("E0007", `Caller IP ${ip} is not registered`),
      everyEntry("7")
    )
  }
  let selector
  try {
    selector = readSelector(body, SELECTORS, {
      maxValues: ctx.batchLimits.query,
    })
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    return answer(
      false,
      error.info,
      error.code === "E0003" ? everyEntry("4") : [{ query_result: "3" }]
    )
  }
  const ledger = ctx.store.ledger(account)
  const found: Transaction[] = []
  const entries = selector.values.map((value) => {
    const tx =
      selector.field === "orders"
        ? ledger.transactionByOrderNo(value)
        : ledger.transactions.get(value)
    if (!tx) return lookupEcho(selector.field, value, "2")
    lapseIfDue(ctx, tx)
    found.push(tx)
    return {
      order_no: tx.order_no,
      amount: tx.amount,
      currency: tx.currency,
      payment_status: paymentStatus(tx),
      query_result: "1",
      reference_no: tx.reference_no,
      transaction_id: tx.transaction_id,
      transaction_date: compactTimestamp(tx.created_at),
      website: tx.website,
      payment_method: tx.payment_method,
      token_id: tx.token_id,
      order_type: tx.order_type ?? "",
      ...(tx.chargebacks.length > 0 && {
        chargebacks: tx.chargebacks.map(wireChargeback),
      }),
    }
  })
  return answer(true, "OK", entries, found)
}

function lookupEcho(
  field: string,
  value: string,
  queryResult: string
): WireBody {
  return field === "orders"
    ? { order_no: value, transaction_id: "", query_result: queryResult }
    : { order_no: "", transaction_id: value, query_result: queryResult }
}
