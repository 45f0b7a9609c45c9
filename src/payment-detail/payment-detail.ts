/**
 * One acquiring payment as the admin sees it (the order widget), and a sync
 * with the acquirer on demand: the status query, applied exactly as the
 * reconciliation job applies it, then what changed.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { isAcquiringProvider } from "../accounts/provider-entries"
import type { CaptureMoment } from "../admin-contract/option-fields"
import { capturePolicy } from "../accounts/capture-policy"
import { choiceOf, coreFor } from "../accounts/registry"
import {
  adminView,
  changedFields,
  type AdminPaymentAccount,
  type AdminPaymentView,
} from "../payment-sessions/admin-view"
import {
  DEFAULT_AUTHORIZATION_LIFETIME_DAYS,
  lapseView,
  type LapseView,
} from "../payment-sessions/authorization-lifetime"
import type { SessionData } from "../payment-sessions/session-data"
import type { AcquiringChargebackView } from "../admin-contract/chargebacks"
import type { WaitingOrderChange } from "../admin-contract/payments"
import { changeWaitingAfterCapture } from "../order-payments/waiting-change"
import { chargebacksOfPayment } from "../chargebacks/chargeback-list"
import { readSession } from "../payment-sessions/session-store"
import { loggerOf, paymentModule } from "../order-payments/payment-store"
import {
  reconcilePayments,
  type StoredPayment,
} from "../reconciliation/payments"
import {
  latestReviewDecision,
  orderIdOfPayment,
  type ReviewDecisionRecord,
} from "../risk-review/review-decisions"
import {
  reauthorizationFacts,
  reauthorizationVerdict,
} from "../authorization-lapses/reauthorization"

export type PaymentDetail = AdminPaymentView &
  LapseView & {
    order_id: string | null
    captured_at: string | null
    canceled_at: string | null
    decided: ReviewDecisionRecord | null
    /** the option in force for the payment's account (default 7) */
    authorisation_lifetime_days: number
    /** when the payment's account captures (null: the account is gone): the widget follows an authorisation captured on fulfilment or shipment */
    capture_on: CaptureMoment | null
    /** lapsed, paid with a card still kept, on an order that owes: POST …/reauthorise may authorise it again */
    reauthorisable: boolean
    /** what a re-authorisation would ask for (what the order owes), when reauthorisable */
    reauthorisation: { amount: string; currency: string } | null
    chargebacks: AcquiringChargebackView[]
    /** the order's change this payment was captured for, still waiting for its confirm */
    order_change: WaitingOrderChange | null
  }

export interface SyncOutcome {
  reached: boolean
  changed: string[]
  message: string
}

/** The account and mode the payment runs under (the one it began with), and its authorisation lifetime. */
async function accountOf(
  container: MedusaContainer,
  providerId: string,
  data: SessionData
): Promise<{
  account: AdminPaymentAccount
  lifetimeDays: number
  captureOn: CaptureMoment | null
}> {
  try {
    const core = await coreFor(container, providerId, choiceOf(data))
    return {
      account: core.account,
      lifetimeDays: core.options.authorisation_lifetime_days,
      captureOn: capturePolicy(core.options),
    }
  } catch {
    // an account deleted or incomplete since: what the payment recorded
    return {
      account: {
        id: data.account?.id ?? null,
        name: null,
        mode: data.account?.mode ?? "live",
      },
      lifetimeDays: DEFAULT_AUTHORIZATION_LIFETIME_DAYS,
      captureOn: null,
    }
  }
}

async function storedPayment(
  container: MedusaContainer,
  id: string
): Promise<StoredPayment> {
  const payment = await paymentModule(container).retrievePayment(id, {
    select: ["id", "provider_id", "data", "captured_at", "canceled_at"],
  })
  if (!isAcquiringProvider(payment.provider_id)) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment ${id} was not made through an acquiring provider`
    )
  }
  return payment
}

const iso = (value: unknown): string | null =>
  value ? new Date(value as string).toISOString() : null

export async function readPaymentDetail(
  container: MedusaContainer,
  id: string
): Promise<PaymentDetail> {
  const payment = await storedPayment(container, id)
  const data = await readSession(payment.data)
  const orderId = await orderIdOfPayment(container, id)
  const { account, lifetimeDays, captureOn } = await accountOf(
    container,
    payment.provider_id,
    data
  )
  const canceledAt = iso(payment.canceled_at)
  const lapse = lapseView(
    data,
    lifetimeDays,
    canceledAt === null ? null : new Date(canceledAt)
  )
  return {
    ...adminView(payment, data, account),
    ...lapse,
    authorisation_lifetime_days: lifetimeDays,
    capture_on: captureOn,
    ...(await reauthorizationView(container, {
      provider_id: payment.provider_id,
      data,
      lapsed: lapse.lapsed_at !== null,
      canceled: canceledAt !== null,
      order_id: orderId,
    })),
    order_id: orderId,
    captured_at: iso(payment.captured_at),
    canceled_at: canceledAt,
    decided: orderId
      ? await latestReviewDecision(container, orderId, id)
      : null,
    chargebacks: await chargebacksOfPayment(container, id),
    order_change:
      orderId && data.status === "captured" && data.currency
        ? await changeWaitingAfterCapture(
            container,
            orderId,
            payment.captured_at,
            data.currency
          )
        : null,
  }
}

/** Only a lapsed or captured payment that used a saved card is looked at further: the others cost no query. */
async function reauthorizationView(
  container: MedusaContainer,
  payment: Parameters<typeof reauthorizationFacts>[1]
): Promise<Pick<PaymentDetail, "reauthorisable" | "reauthorisation">> {
  const eligible = payment.lapsed || payment.data.status === "captured"
  if (!eligible || !payment.data.saved_card?.id || !payment.order_id)
    return { reauthorisable: false, reauthorisation: null }
  const { facts, balance } = await reauthorizationFacts(container, payment)
  const allowed = reauthorizationVerdict(facts).allowed && balance !== null
  return {
    reauthorisable: allowed,
    reauthorisation:
      allowed && balance
        ? { amount: balance.owed, currency: balance.currency }
        : null,
  }
}

export async function syncPaymentDetail(
  container: MedusaContainer,
  id: string
): Promise<{ payment: PaymentDetail; sync: SyncOutcome }> {
  const before = await readPaymentDetail(container, id)
  const stored = await storedPayment(container, id)
  const outcome = (await reconcilePayments(container, [stored])).get(id)
  const after = await readPaymentDetail(container, id)
  const changed = changedFields(before, after)
  if (changed.length) {
    loggerOf(container).info(
      `[acquiring] sync of payment ${id} with the acquirer changed: ${changed.join(", ")}`
    )
  }
  const reached = outcome === "reconciled" || outcome === "not_found"
  const message = !before.order_no
    ? "Nothing to sync: no payment order was sent to the acquirer yet."
    : outcome === "not_found"
      ? "The acquirer does not know this payment order."
      : !reached
        ? "The acquirer could not be reached or its answer could not be trusted; nothing changed. Try again later."
        : changed.length
          ? `Updated from the acquirer: ${changed.join(", ")}.`
          : "In line with the acquirer; nothing changed."
  return { payment: after, sync: { reached, changed, message } }
}
