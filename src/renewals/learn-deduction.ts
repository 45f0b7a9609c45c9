/**
 * What the plugin learns of a subscription's deduction, from whichever path
 * hears of it first: a RECURRING notification (verified, then only a
 * prompt), its repeats, or the reconcile job asking after the next order
 * number. The status query decides whether it was paid; the notification
 * adds only the decline's code (a lapsed card, the subscription's end).
 * Under the deduction's lock, shared by every instance, the deduction is
 * kept once and a paid one becomes its one renewal order.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ERROR_CODE } from "../gateway/index"
import { coreFor, choiceOf } from "../accounts/registry"
import { lookupOrder } from "../acquirer-calls/status-query"
import { rulesOf } from "../acquirer-calls/settle-attempts"
import { moduleJournal } from "../journal/journal"
import { recordPaymentEvent } from "../journal/record-event"
import { deductionLockKey, lockingModule } from "../locking/locks"
import { acquiringModule } from "../modules/acquiring/module-access"
import type { AcquiringDeductionRow } from "../modules/acquiring/types"
import { loggerOf, paymentModule } from "../order-payments/payment-store"
import { readSession } from "../payment-sessions/session-store"
import { queryMeaning } from "../payment-sessions/status-meaning"
import { makeRenewalOrder, RenewalPending } from "./renewal-order"
import {
  declineReason,
  noticeDecline,
  noticeRenewalWaiting,
} from "./decline-notices"
import { offerNewCard, type NewCardLink } from "./lapsed-card"
import { thrownMessage } from "../journal/errors"

/** A deduction heard of: its order number (not trusted), and what a verified notification added. */
export interface DeductionNews {
  /** the provider that must have made the first payment; absent: the one that did (the notification was verified with its key) */
  provider_id?: string
  /** the deduction's order number, `<first><infix><n>` */
  order_no: string
  /** the first payment's order number and the deduction's number it names */
  first_order_no: string
  deduction_number: number
  /** from a verified notification: the try and its `<code>:<text>` */
  retry_number?: number
  result_info?: string | null
  recurring_id?: string | null
  /** the acquirer's next deduction time the notification announced */
  next_deduction_time?: string | null
  source: "notification" | "job"
}

export type DeductionOutcome =
  | { kind: "ordered"; deduction: AcquiringDeductionRow; order_id: string }
  | { kind: "kept"; deduction: AcquiringDeductionRow }
  /** the acquirer does not (yet) confirm it, or names no payment of this provider */
  | { kind: "unconfirmed"; reason: string }

/** The later of two "YYYY-MM-DD HH:MM:SS" times (they order as text), as keepDeduction keeps it. */
function laterTime(
  kept: string | null,
  heard: string | null | undefined
): string | null {
  if (!heard) return kept
  return !kept || heard > kept ? heard : kept
}

/** The subscription's end after failed tries, or a decline's code, from `<code>:<text>`. */
function declineCode(resultInfo: string | null | undefined): string | null {
  const code = resultInfo?.split(":")[0]?.trim()
  return code ? code : null
}

export async function learnDeduction(
  scope: MedusaContainer,
  news: DeductionNews
): Promise<DeductionOutcome> {
  const named = {
    first_order_no: news.first_order_no,
    deduction_number: news.deduction_number,
  }
  const [attempt] = await moduleJournal().list(
    { kind: ["authorise", "checkout"], order_no: named.first_order_no },
    1
  )
  const providerId = news.provider_id ?? attempt?.provider_id
  if (!attempt?.session_id || attempt.provider_id !== providerId)
    return { kind: "unconfirmed", reason: "no first payment of this provider" }
  const firstSessionId = attempt.session_id
  return lockingModule(scope).execute(
    deductionLockKey(news.order_no),
    () =>
      learnUnderLock(
        scope,
        { ...news, provider_id: providerId },
        named,
        firstSessionId
      ),
    { timeout: 120 }
  )
}

async function learnUnderLock(
  scope: MedusaContainer,
  news: DeductionNews & { provider_id: string },
  named: { first_order_no: string; deduction_number: number },
  firstSessionId: string
): Promise<DeductionOutcome> {
  const [kept] = await acquiringModule().listAcquiringDeductions(
    { order_no: news.order_no },
    { take: 1 }
  )
  // a repeat of what is settled asks the acquirer nothing; a later try's notice only counts its try
  // and the next deduction's time it announces (an earlier try's notice may have made the order)
  if (kept?.ordered_at || (kept?.status === "ended" && !news.result_info)) {
    const retry = Math.max(news.retry_number ?? 0, kept.retry_number)
    const next = laterTime(kept.next_deduction_time, news.next_deduction_time)
    if (retry === kept.retry_number && next === kept.next_deduction_time)
      return { kind: "kept", deduction: kept }
    const [counted] = await acquiringModule().updateAcquiringDeductions([
      { id: kept.id, retry_number: retry, next_deduction_time: next },
    ])
    return { kind: "kept", deduction: counted ?? kept }
  }
  const [session] = await paymentModule(scope).listPaymentSessions(
    { id: firstSessionId },
    { select: ["id", "data"] }
  )
  const first = await readSession(session?.data)
  const core = await coreFor(scope, news.provider_id, choiceOf(first))
  const answer = await lookupOrder(core, news.order_no)
  if (answer.kind !== "found")
    return { kind: "unconfirmed", reason: `status query: ${answer.kind}` }
  const state = queryMeaning(answer.entry, rulesOf(core))?.state
  if (state !== "captured" && state !== "declined")
    return {
      kind: "unconfirmed",
      reason: `status query: ${state ?? "unknown"}`,
    }
  const code = declineCode(news.result_info)
  const deduction = await acquiringModule().keepDeduction({
    provider_id: news.provider_id,
    order_no: news.order_no,
    first_order_no: named.first_order_no,
    first_session_id: firstSessionId,
    recurring_id: news.recurring_id ?? first.subscription?.recurring_id ?? null,
    deduction_number: named.deduction_number,
    retry_number: news.retry_number ?? 0,
    status:
      state === "captured"
        ? "paid"
        : code === ERROR_CODE.SUBSCRIPTION_ENDED
          ? "ended"
          : "declined",
    result_code: state === "captured" ? null : (news.result_info ?? null),
    transaction_id: answer.entry.transaction_id ?? null,
    currency: (answer.entry.currency ?? first.currency ?? "").toUpperCase(),
    amount: answer.entry.amount ?? "0",
    next_deduction_time: news.next_deduction_time ?? null,
  })
  if (news.source === "job" && !kept)
    await recordPaymentEvent({
      kind: "job",
      outcome: "found",
      operation: "RECURRING",
      summary: `The reconcile job found deduction ${named.deduction_number} of subscription ${deduction.recurring_id ?? ""} (${deduction.status}, ${deduction.amount} ${deduction.currency}) by the status query: its notification had not arrived`,
      order_no: named.first_order_no,
      session_id: firstSessionId,
      transaction_id: deduction.transaction_id,
      amount: deduction.amount,
      currency: deduction.currency,
    })
  if (deduction.status !== "paid") {
    // a try this call learnt of for the first time: the merchant and the customer are told once
    if (isNewTry(kept, deduction))
      await noticeDecline(scope, deduction, await newCardLink(scope, deduction))
    return { kind: "kept", deduction }
  }
  try {
    const orderId = await makeRenewalOrder(scope, deduction)
    return { kind: "ordered", deduction, order_id: orderId }
  } catch (error) {
    // the money is taken: the reconcile job finishes the order, and the merchant knows it waits
    const why = thrownMessage(error)
    loggerOf(scope).warn(
      `[acquiring] deduction ${news.order_no} is paid but its renewal order is not finished yet (${why}); the reconcile job tries again`
    )
    await noticeRenewalWaiting(scope, deduction, why).catch(() => undefined)
    if (error instanceof RenewalPending) return { kind: "kept", deduction }
    throw error
  }
}

/** For a lapsed card, the link that pays the deduction with a new one; a failure is told, never thrown. */
async function newCardLink(
  scope: MedusaContainer,
  deduction: AcquiringDeductionRow
): Promise<NewCardLink | "failed" | null> {
  if (declineReason(deduction) !== "card_lapsed") return null
  try {
    return await offerNewCard(scope, deduction)
  } catch (error) {
    loggerOf(scope).warn(
      `[acquiring] deduction ${deduction.order_no}: no payment link for a new card could be made (${thrownMessage(error)})`
    )
    return "failed"
  }
}

/** A declined try or an end not kept before this call. */
function isNewTry(
  before: AcquiringDeductionRow | undefined,
  after: AcquiringDeductionRow
): boolean {
  return (
    !before ||
    before.status !== after.status ||
    before.retry_number !== after.retry_number
  )
}
