/**
 * One payment's history, oldest first: every request the journal holds for
 * its attempts, the notifications, job and admin actions, lock waits and
 * chargebacks beside it, the refused notifications that named it (counted
 * per hour), and its verdict in words. Built from what the
 * plugin already keeps: nothing in it holds card data or secrets.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type {
  PaymentHistoryAnswer,
  PaymentHistoryEntry,
} from "../admin-contract/payment-history"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { acquiringModule } from "../modules/acquiring/module-access"
import type { AcquiringPaymentEventRow } from "../modules/acquiring/types"
import { paymentModule } from "../order-payments/payment-store"
import { readSession } from "../payment-sessions/session-store"
import type { SessionData } from "../payment-sessions/session-data"
import { decisionText } from "../admin-contract/three-d-secure-rules"
import { chargebacksOfPayment } from "../chargebacks/chargeback-list"
import { journalEntry } from "./journal-entries"
import { refusalEntry } from "./refused-entries"
import { paymentVerdict } from "./verdict"
import { adminEntrySummary, adminNames } from "./admin-people"

const LIMIT = 1000

export function eventEntry(
  event: Pick<
    AcquiringPaymentEventRow,
    | "kind"
    | "operation"
    | "outcome"
    | "summary"
    | "order_no"
    | "transaction_id"
    | "payment_id"
    | "session_id"
    | "amount"
    | "currency"
    | "actor"
  > & { created_at: Date | string },
  /** admins' names by user id: an admin's action names who asked */
  names: ReadonlyMap<string, string> = new Map()
): PaymentHistoryEntry {
  return {
    at: new Date(event.created_at).toISOString(),
    source: event.kind,
    operation: event.operation ?? event.kind,
    outcome: event.outcome,
    summary:
      event.kind === "admin"
        ? adminEntrySummary(
            {
              summary: event.summary,
              operation: event.operation ?? null,
              amount: event.amount ?? null,
              currency: event.currency ?? null,
              actor: event.actor ?? null,
            },
            names
          )
        : event.summary,
    order_no: event.order_no ?? null,
    transaction_id: event.transaction_id ?? null,
    payment_id: event.payment_id ?? null,
    session_id: event.session_id ?? null,
    amount: event.amount ?? null,
    currency: event.currency ?? null,
    duration_ms: null,
    actor: event.actor ?? null,
  }
}

/** Per attempt: the account that served the payment and what 3-D Secure decided ("Account EU shop; 3-D Secure asked: above 250.00 EUR (rule 1)"). */
async function attemptNotes(
  module: ReturnType<typeof acquiringModule>,
  data: SessionData
): Promise<Map<string, string>> {
  const accountId = data.account?.id
  const [account] = accountId
    ? await module.listAcquiringAccounts(
        { id: accountId },
        { select: ["id", "name"], withDeleted: true }
      )
    : []
  const served = accountId
    ? `Account ${account?.name ?? accountId}`
    : data.account
      ? "Account from medusa-config"
      : null
  const notes = new Map<string, string>()
  for (const attempt of data.attempts ?? []) {
    const parts = [
      served,
      attempt.three_d_secure ? decisionText(attempt.three_d_secure) : null,
      attempt.descriptor
        ? `statement descriptor "${attempt.descriptor}"`
        : null,
    ].filter((part): part is string => !!part)
    if (parts.length) notes.set(attempt.order_no, parts.join("; "))
  }
  return notes
}

export async function readPaymentHistory(
  container: MedusaContainer,
  paymentId: string,
  now = new Date()
): Promise<PaymentHistoryAnswer> {
  const payment = await paymentModule(container).retrievePayment(paymentId, {
    select: ["id", "provider_id", "data", "captured_at", "canceled_at"],
  })
  if (!isAcquiringProvider(payment.provider_id))
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment ${paymentId} was not made through an acquiring provider`
    )
  const data = await readSession(payment.data)
  const orderNos = [
    ...new Set(
      [...(data.attempts ?? []).map((a) => a.order_no), data.order_no].filter(
        (n): n is string => !!n
      )
    ),
  ]
  const owners: Record<string, unknown>[] = [{ payment_id: paymentId }]
  if (data.session_id) owners.push({ session_id: data.session_id })
  if (orderNos.length) owners.push({ order_no: orderNos })
  const module = acquiringModule()
  // refused notifications are counted per payment by its session or order number, never by Medusa's payment
  const refusalOwners = owners.filter((owner) => !("payment_id" in owner))
  const [ops, events, refusals, chargebacks] = await Promise.all([
    module.listAcquiringOperations(
      { $or: owners },
      { order: { created_at: "ASC" }, take: LIMIT }
    ),
    module.listAcquiringPaymentEvents(
      { $or: owners },
      { order: { created_at: "ASC" }, take: LIMIT }
    ),
    refusalOwners.length
      ? module.listAcquiringNotificationRefusals(
          { $or: refusalOwners },
          { order: { hour: "ASC" }, take: LIMIT }
        )
      : [],
    chargebacksOfPayment(container, paymentId),
  ])
  const names = await adminNames(
    container,
    events.filter((e) => e.kind === "admin").map((e) => e.actor)
  )
  const notes = await attemptNotes(module, data)
  const entries = [
    ...ops.map((op) =>
      journalEntry(
        op,
        op.kind === "authorise" || op.kind === "checkout"
          ? notes.get(op.order_no)
          : undefined
      )
    ),
    ...events.map((event) => eventEntry(event, names)),
    ...refusals.map(refusalEntry),
  ].sort((a, b) => a.at.localeCompare(b.at))
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null)
  return {
    verdict: paymentVerdict({
      data,
      captured_at: iso(payment.captured_at),
      canceled_at: iso(payment.canceled_at),
      unsettled: ops.filter(
        (op) => op.state === "sent" || op.state === "unknown"
      ),
      chargebacks,
      now,
    }),
    entries,
  }
}
