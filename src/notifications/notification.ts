/**
 * Notifications posted to /hooks/payment/{identifier}_{id}. Nothing in one
 * is trusted before its signature is verified over the received fields,
 * with the key of the account the payment was made with; a forged,
 * altered or foreign notification yields `not_supported` and changes
 * nothing. The session is found through the journal (the order number
 * carries a random token, not the session id).
 *
 * `notify_type` is not among the signed fields, and the signature recipe
 * concatenates values without delimiters (`amount=15.001`,
 * `result_info=000:Success` sign the same). So a notification only says
 * "look at this order": an authorisation is confirmed by Medusa's
 * authorizePayment (which settles the attempt with the status query), and
 * claims that would capture, void or fail a payment are acted on only when
 * the status query agrees. Refunds are read from the refund search.
 *
 * A capture made after authorising is not handed to Medusa's handler: its
 * capture workflow, run beside the one recording that same capture (the
 * order page's), checks the order's transactions before either writes and
 * can count the capture twice. The plugin's subscriber records what Medusa
 * lacks instead.
 */
import type {
  WebhookActionData,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { PaymentActions } from "@medusajs/framework/utils"
import { capturePolicy } from "../accounts/capture-policy"
import {
  NOTIFY_TYPE,
  parseDeductionOrderNo,
  type VerifiedNotification,
} from "../gateway/index"
import type { ProviderCore } from "../accounts/core"
import { restatesHeld } from "./held-authorisation"
import {
  notificationFields,
  paymentOrderNo,
  type KnownPayment,
  type WebhookPayload,
} from "./notification-account"
import { lookupOrder } from "../acquirer-calls/status-query"
import { lendAnswer } from "../acquirer-calls/lent-answers"
import { rulesOf as rules } from "../acquirer-calls/settle-attempts"
import { recordPaymentEvent } from "../journal/record-event"
import { countRefusalOnce, refusalReason } from "./refused-notifications"
import {
  isDelayed,
  queryMeaning,
  webhookActionOf,
} from "../payment-sessions/status-meaning"

/** Medusa's webhook result; its data also names the order number and the notification's type. */
const infixOf = (core: Pick<ProviderCore, "options">) =>
  core.options.subscription_deductions.order_no_infix

export type NotificationAction = WebhookActionResult & {
  data?: WebhookActionData & {
    amount: string
    order_no: string
    notify_type: string
    /** a RECURRING notification's deduction, verified (its payment is confirmed by the status query) */
    deduction?: DeductionNotice
    /** the subscription a confirmed first payment started, as its verified notification names it */
    subscription?: NotifiedSubscription
    /** the storefront had this authorisation in the card's answer: Medusa's work waits this long for its completion (card-order-check.ts) */
    order_due_in_ms?: number
  }
}

export type NotifiedSubscription = Pick<
  VerifiedNotification,
  | "recurring_id"
  | "contract_name"
  | "recurring_deduction_period"
  | "recurring_deduction_time"
>

export interface DeductionNotice {
  order_no: string
  /** the first payment's order number and the deduction's number, read with the provider's infix */
  first_order_no: string
  deduction_number: number
  retry_number: number
  result_info: string | null
  recurring_id: string | null
  next_deduction_time: string | null
}

const NOT_SUPPORTED: NotificationAction = {
  action: PaymentActions.NOT_SUPPORTED,
}

export async function webhookAction(
  core: ProviderCore,
  payload: WebhookPayload,
  /** what the triage found (notificationAccount's `attempt` and `held`) */
  known: KnownPayment = {}
): Promise<NotificationAction> {
  const fields = notificationFields(payload)
  if (!fields) return NOT_SUPPORTED
  let notification: VerifiedNotification
  try {
    notification = core.gateway.verifyNotification(fields)
  } catch (error) {
    // counted, never a history row of its own: anyone can send one
    await countRefusalOnce(
      {
        provider_id: core.provider_id,
        reason: refusalReason(error),
        ...(await paymentNamed(core, fields)),
      },
      fields,
      { warn: (message) => core.log("warn", message) }
    )
    return NOT_SUPPORTED
  }
  const orderNo = paymentOrderNo(notification, infixOf(core))
  if (!orderNo) return NOT_SUPPORTED
  const [attempt] =
    known.attempt?.order_no === orderNo
      ? [known.attempt]
      : await core.journal.list(
          { kind: ["authorise", "checkout"], order_no: orderNo },
          1
        )
  if (!attempt?.session_id || attempt.provider_id !== core.provider_id) {
    core.log("warn", `notification for unknown order number ${orderNo} ignored`)
    return NOT_SUPPORTED
  }
  const type = notification.notify_type
  const data = {
    session_id: attempt.session_id,
    amount: attempt.amount ?? notification.amount ?? "0",
    order_no: orderNo,
    notify_type: type,
  }
  if (type === NOTIFY_TYPE.RECURRING) {
    // the deduction is a payment of its own: the plugin's subscriber confirms it and makes its renewal order
    await noteNotification(
      core,
      notification,
      "verified",
      deductionWords(notification),
      attempt.session_id
    )
    return {
      action: PaymentActions.NOT_SUPPORTED,
      data: {
        ...data,
        deduction: {
          order_no: notification.order_no ?? "",
          first_order_no: orderNo,
          deduction_number:
            parseDeductionOrderNo(notification.order_no ?? "", infixOf(core))
              ?.deduction_number ?? 0,
          retry_number: Number(notification.retry_number ?? 0) || 0,
          result_info: notification.result_info ?? null,
          recurring_id: notification.recurring_id ?? null,
          next_deduction_time: notification.recurring_deduction_time ?? null,
        },
      },
    }
  }
  if (type === NOTIFY_TYPE.REFUND || type === NOTIFY_TYPE.CHARGEBACK) {
    // recorded by the plugin's subscriber from the refund search or the status query
    await noteNotification(
      core,
      notification,
      "verified",
      "the plugin asks the acquirer and records what it lists",
      attempt.session_id
    )
    return { action: PaymentActions.NOT_SUPPORTED, data }
  }

  if (
    type === NOTIFY_TYPE.PAYMENT &&
    attempt.kind === "authorise" &&
    restatesHeld(core, notification, orderNo, known.held)
  ) {
    // the acquirer's signed answer to the card's request authorised this very
    // transaction: the status query would only say it again, and the
    // storefront that had the answer is completing the cart (Medusa still
    // makes the order after card_order_wait_ms if it never does)
    await noteNotification(
      core,
      notification,
      "verified",
      "it restates the authorisation the plugin holds",
      attempt.session_id
    )
    const wait = core.options.card_order_wait_ms
    return {
      action: "authorized",
      data: {
        ...withSubscription(data, notification),
        ...(wait > 0 ? { order_due_in_ms: wait } : {}),
      },
    }
  }

  const answer = await lookupOrder(core, orderNo)
  // Medusa's authorisation of this payment, next in the handling, settles with it
  lendAnswer(orderNo, answer)
  if (answer.kind !== "found") {
    core.log(
      "warn",
      `notification ${type} for ${orderNo} not acted on: the status query could not confirm it (${answer.kind})`
    )
    await noteNotification(
      core,
      notification,
      "unconfirmed",
      `the status query could not confirm it (${answer.kind}); the reconcile job asks again`,
      attempt.session_id
    )
    // the reconcile job confirms it later
    return NOT_SUPPORTED
  }
  const meaning = queryMeaning(answer.entry, rules(core))
  if (!meaning) return NOT_SUPPORTED
  const action = webhookActionOf(meaning.state)
  await noteNotification(
    core,
    notification,
    "verified",
    `the status query says ${meaning.state}`,
    attempt.session_id
  )
  if (isDelayed(answer.entry.payment_method, rules(core).delayed)) {
    // Medusa's handler would drop a transfer's end or miss its order: the plugin's subscriber records it on the order
    core.log(
      "info",
      `notification ${type} for ${orderNo}: a delayed payment now ${meaning.state} (confirmed by the status query), recorded by the plugin`
    )
    return { action: PaymentActions.NOT_SUPPORTED, data }
  }
  if (
    action === "captured" &&
    capturePolicy(core.options) !== "authorisation"
  ) {
    // captured after authorising (from the order page, a fulfilment, the portal): Medusa's handler would record the capture again beside the one being recorded; the plugin's subscriber records what Medusa lacks under the payment's lock
    core.log(
      "info",
      `notification ${type} for ${orderNo}: captured after authorisation (confirmed by the status query), recorded by the plugin`
    )
    return { action: PaymentActions.NOT_SUPPORTED, data }
  }
  core.log(
    "info",
    `notification ${type} for ${orderNo}: ${action} (confirmed by the status query)`
  )
  return { action, data: withSubscription(data, notification) }
}

/** The action's data with the subscription the notification names. */
function withSubscription(
  data: NonNullable<NotificationAction["data"]>,
  notification: VerifiedNotification
) {
  // the status query names no subscription: a hosted page's shopper who never comes back leaves only this to say it started
  if (!notification.recurring_id) return data
  return {
    ...data,
    subscription: {
      recurring_id: notification.recurring_id,
      contract_name: notification.contract_name,
      recurring_deduction_period: notification.recurring_deduction_period,
      recurring_deduction_time: notification.recurring_deduction_time,
    },
  }
}

/** The payment a refused notification's order number names, when it is a real one of this provider. */
async function paymentNamed(
  core: ProviderCore,
  fields: Record<string, unknown>
): Promise<{ order_no: string; session_id: string } | Record<never, never>> {
  const orderNo = paymentOrderNo(fields, infixOf(core))
  if (!orderNo) return {}
  const [attempt] = await core.journal.list(
    { kind: ["authorise", "checkout"], order_no: orderNo },
    1
  )
  return attempt?.session_id && attempt.provider_id === core.provider_id
    ? { order_no: orderNo, session_id: attempt.session_id }
    : {}
}

/** What a verified deduction says, for the first payment's history. */
function deductionWords(notification: VerifiedNotification): string {
  const number = notification.deduction_number ?? "?"
  const retry = Number(notification.retry_number ?? 0)
  const which = `deduction ${number}${retry > 0 ? ` (retry ${retry})` : ""} of subscription ${notification.recurring_id ?? ""}`
  const outcome =
    notification.order_status === "1"
      ? `paid ${notification.amount ?? ""} ${notification.currency ?? ""}`.trimEnd()
      : `declined (${notification.result_info ?? "no result"})`
  return `${which} ${outcome} as ${notification.order_no ?? ""}; the plugin confirms it with the status query, and a paid one becomes a renewal order`
}

/** A trusted notification in the payment's history: its type, what followed. */
async function noteNotification(
  core: ProviderCore,
  fields: Record<string, unknown>,
  outcome: "verified" | "unconfirmed",
  followed: string,
  sessionId?: string
): Promise<void> {
  const text = (name: string) =>
    typeof fields[name] === "string" ? (fields[name] as string) : null
  const type = text("notify_type") ?? "unnamed"
  await recordPaymentEvent(
    {
      kind: "notification",
      outcome,
      operation: type.slice(0, 40),
      summary: `${type.slice(0, 40)} notification ${outcome}: ${followed}`,
      order_no: text("order_no")?.slice(0, 100) ?? null,
      session_id: sessionId ?? null,
      transaction_id: text("transaction_id"),
      // Medusa's handler and the plugin's both hand one notification to the provider: one entry
      // (its signature leaves notify_type out: the whole set of fields tells one notification)
      once: `${outcome}|${JSON.stringify(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)))}|${Math.floor(Date.now() / 60_000)}`,
    },
    (message) => core.log("warn", message)
  )
}
