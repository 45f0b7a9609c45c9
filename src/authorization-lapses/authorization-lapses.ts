/**
 * Authorisations that lapse (wire contract "Authorisation lifetime"): what
 * the daily job does (tests call it directly). One day before an authorised, uncaptured payment lapses, one notice
 * in the admin's notification feed (remembered in the payment's state, so
 * never twice); once its lapse time has come, the status query is asked and
 * only the acquirer's 1100 records the payment in Medusa as cancelled (the
 * reconciliation's own path, under the payment's lock). Captured and
 * refunded payments are never touched.
 */
import type { MedusaContainer, PaymentDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { withPaymentLock } from "../locking/locks"
import {
  loggerOf,
  paymentLists,
  paymentModule,
  savePaymentData,
} from "../order-payments/payment-store"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { choiceOf, coreFor } from "../accounts/registry"
import { thrownMessage } from "../journal/errors"
import { DAY_MS, lapsesAt } from "../payment-sessions/authorization-lifetime"
import type { SessionData } from "../payment-sessions/session-data"
import { readSession, readSessions } from "../payment-sessions/session-store"
import { reconcilePayments } from "../reconciliation/payments"

export interface LapsingOptions {
  now?: Date
  /** how far back payments are looked at; default 31 days (lifetimes up to 30 days) */
  window_days?: number
}

/** Payment ids by what the run did. */
export interface LapsingOutcome {
  noticed: string[]
  cancelled: string[]
  /** past the lapse time by the option, yet the acquirer still holds the money */
  still_held: string[]
}

const PAGE = 100
const MAX_PAGES = 20
const PAYMENT_FIELDS = [
  "id",
  "provider_id",
  "data",
  "captured_at",
  "canceled_at",
] as const

/** What the job does with a payment today: nothing yet, or ask the acquirer (its lapse is less than a day away, or past). */
export function isDueToday(
  data: SessionData,
  lifetimeDays: number,
  now: Date
): boolean {
  const lapse = lapsesAt(data, lifetimeDays)
  return lapse !== undefined && lapse.getTime() - now.getTime() <= DAY_MS
}

/** The feed notice, once per payment: authorised, uncaptured, lapsing within a day, not told yet. */
export function needsNotice(
  data: SessionData,
  lifetimeDays: number,
  now: Date
): boolean {
  return !data.lapse_notice_at && isDueToday(data, lifetimeDays, now)
}

/** The notice's words: the order, the amount, when. */
export function lapseNotice(input: {
  order: string
  amount: string
  currency: string
  lapses_at: Date
  lifetime_days: number
}): { title: string; description: string } {
  const when = `${input.lapses_at.toISOString().slice(0, 16).replace("T", " ")} UTC`
  return {
    title: "Authorisation lapses within a day",
    description: `Order ${input.order}: the authorisation of ${input.amount} ${input.currency.toUpperCase()} lapses on ${when} (${input.lifetime_days} days after it was given). Capture it before then; afterwards the acquirer releases the money and the customer has to pay again.`,
  }
}

export async function runAuthorizationLapsing(
  container: MedusaContainer,
  options: LapsingOptions = {}
): Promise<LapsingOutcome> {
  const now = options.now ?? new Date()
  const outcome: LapsingOutcome = { noticed: [], cancelled: [], still_held: [] }
  const open = await openPayments(
    container,
    new Date(now.getTime() - (options.window_days ?? 31) * DAY_MS)
  )
  const states = await readSessions(open.map((p) => p.data))
  const due: { payment: PaymentDTO; lifetime: number }[] = []
  for (const [i, payment] of open.entries()) {
    const core = await coreFor(
      container,
      payment.provider_id,
      choiceOf(states[i])
    ).catch(() => null)
    // a payment whose account cannot be reached now waits for tomorrow's run
    if (!core) continue
    const lifetime = core.options.authorisation_lifetime_days
    if (isDueToday(states[i], lifetime, now)) due.push({ payment, lifetime })
  }
  if (!due.length) return outcome
  // the acquirer's word first: its transaction date may move the lapse, and its 1100 cancels the payment
  await reconcilePayments(
    container,
    due.map((d) => d.payment)
  )
  for (const { payment, lifetime } of due) {
    try {
      const current = await paymentModule(container).retrievePayment(
        payment.id,
        {
          select: [...PAYMENT_FIELDS],
        }
      )
      if (current.captured_at) continue
      if (current.canceled_at) {
        outcome.cancelled.push(payment.id)
        loggerOf(container).info(
          `[acquiring] payment ${payment.id}: its authorisation lapsed (the acquirer released it); recorded as cancelled`
        )
        continue
      }
      const data = await readSession(current.data)
      const lapse = lapsesAt(data, lifetime)
      if (lapse && lapse.getTime() <= now.getTime())
        outcome.still_held.push(payment.id)
      if (await noticeOnce(container, payment.id, lifetime, now))
        outcome.noticed.push(payment.id)
    } catch (error) {
      loggerOf(container).warn(
        `[acquiring] the lapse of payment ${payment.id} could not be handled: ${thrownMessage(error)}`
      )
    }
  }
  return outcome
}

async function openPayments(
  container: MedusaContainer,
  since: Date
): Promise<PaymentDTO[]> {
  const all: PaymentDTO[] = []
  // read every page before acting: a cancelled payment would shift later pages
  for (let page = 0; page < MAX_PAGES; page++) {
    const rows = await paymentLists(container).listPayments(
      { provider_id: { $like: "pp_acquiring-%" }, created_at: { $gt: since } },
      {
        select: [...PAYMENT_FIELDS],
        order: { created_at: "ASC", id: "ASC" },
        skip: page * PAGE,
        take: PAGE,
      }
    )
    all.push(...rows)
    if (rows.length < PAGE) break
  }
  return all.filter(
    (p) =>
      isAcquiringProvider(p.provider_id) && !p.captured_at && !p.canceled_at
  )
}

/**
 * The feed notice under the payment's lock: the mark is saved first, so a
 * second run (or instance) never tells twice; a notice that cannot be sent
 * takes its mark back, for tomorrow's run.
 */
async function noticeOnce(
  container: MedusaContainer,
  paymentId: string,
  lifetime: number,
  now: Date
): Promise<boolean> {
  return withPaymentLock(container, paymentId, async () => {
    const payment = await paymentModule(container).retrievePayment(paymentId, {
      select: [...PAYMENT_FIELDS],
    })
    const data = await readSession(payment.data)
    const lapse = lapsesAt(data, lifetime)
    if (
      payment.captured_at ||
      payment.canceled_at ||
      !lapse ||
      !needsNotice(data, lifetime, now)
    )
      return false
    const notice = lapseNotice({
      order: await orderName(container, paymentId),
      amount: data.amount ?? "",
      currency: data.currency ?? "",
      lapses_at: lapse,
      lifetime_days: lifetime,
    })
    await savePaymentData(container, payment, {
      ...data,
      lapse_notice_at: now.toISOString(),
    })
    try {
      await container.resolve(Modules.NOTIFICATION).createNotifications({
        to: "",
        channel: "feed",
        template: "admin-ui",
        data: notice,
      })
    } catch (error) {
      await savePaymentData(container, payment, data)
      throw error
    }
    return true
  })
}

/** "#1042" (the order's display id), else the payment's id. */
async function orderName(
  container: MedusaContainer,
  paymentId: string
): Promise<string> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "payment_collection.order.display_id"],
    filters: { id: paymentId },
  })
  const row = data[0] as
    | {
        payment_collection?: {
          order?: { display_id?: number | null } | null
        } | null
      }
    | undefined
  const displayId = row?.payment_collection?.order?.display_id
  return displayId ? `#${displayId}` : `of payment ${paymentId}`
}
