/**
 * POST /v1/cancelsubscription: ends the subscription a first payment
 * started. DECISION: the answer carries return_status / return_message and
 * echoes the request's encryption_data, like the batch operations.
 */
import {
  identify,
  unknownAccount,
  type Operation,
  type Reply,
} from "../context"
import { Refusal, resultInfo, SUCCESS } from "../result-codes"
import { required, text } from "../wire-fields"

export const cancelSubscription: Operation = (ctx, { body }) => {
  const caller = identify(ctx, "cancel_subscription", body)
  if (!caller) return unknownAccount()
  const { account } = caller
  const answer = (info: string): Reply => {
    const ok = info === SUCCESS
    return {
      kind: "json",
      body: {
        merchant_id: account.merchant_id,
        account_id: account.account_id,
        recurring_id: text(body, "recurring_id"),
        contract_name: text(body, "contract_name"),
        encryption_data: text(body, "encryption_data"),
        return_status: ok ? "1" : "0",
        return_message: info,
      },
      summary: `return_status=${ok ? 1 : 0} ${info}`,
    }
  }
  if (!caller.signed) return answer(resultInfo("I0013"))
  try {
    const recurringId = required(body, "recurring_id")
    const contractName = required(body, "contract_name")
    const ledger = ctx.store.ledger(account)
    const txId = ledger.subscriptions.get(recurringId)
    const tx = txId === undefined ? undefined : ledger.transactions.get(txId)
    if (!tx?.subscription || tx.subscription.contract_name !== contractName) {
      throw new Refusal(
        "E0004",
        `No subscription ${recurringId} with contract_name ${contractName}`
      )
    }
    if (tx.subscription.cancelled)
      throw new Refusal(
        "E0005",
        `Subscription ${recurringId} is already cancelled`
      )
    tx.subscription.cancelled = true
    return answer(SUCCESS)
  } catch (error) {
    if (error instanceof Refusal) return answer(error.info)
    throw error
  }
}
