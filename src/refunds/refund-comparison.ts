/**
 * The acquirer's refunds (its refund search) beside what Medusa recorded for
 * the same payment, for the merchant's finance team:
 *
 * - `ok`: Medusa has the refund, for the same amount;
 * - `amount_differs`: Medusa has it, for another amount;
 * - `missing_in_medusa`: the acquirer made it, Medusa has no refund for it
 *   (recordable when Medusa has the payment, captured);
 * - `not_made`: the acquirer lists the refund as refused; nothing to record;
 * - `missing_at_acquirer`: a Medusa refund of a searched order that the
 *   acquirer does not list (searches by order number only).
 *
 * A Medusa refund is matched to the acquirer's by the reference the provider
 * stored on the payment (`data.refunds[]`: Medusa's refund id beside the
 * acquirer's refund_reference_id), else by Medusa's refund id in the
 * acquirer's refund_reason, else by the acquirer's reference in the note the
 * plugin writes on refunds it records.
 *
 * Besides the acquirer's own keys, a search may name what the admin shows:
 * Medusa orders (their acquiring payments' order numbers) or the acquirer's
 * transaction ids (their order numbers, from the acquirer's status query).
 * Each row names the Medusa order of its payment.
 */
import { exactAmountOf, withDigits } from "../money/medusa-amount"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { RefundSearchEntry } from "../gateway/index"
import { currencyDigits, QUERY_RESULT, toDecimal } from "../gateway/index"
import { acquiringEntries, fullProviderId } from "../accounts/provider-entries"
import { coreFor } from "../accounts/registry"
import { accountSource } from "../accounts/account-source"
import type { ProviderCore } from "../accounts/core"
import { referenceOfReason, wasMade } from "./refunds"
import { isChargebackNote } from "../chargebacks/chargeback-text"
import { toMedusaError } from "../journal/errors"
import {
  paymentsOfOrders,
  type OrderPayment,
} from "../order-payments/payment-of-order"
import { refundsOfPayments } from "../order-payments/payment-store"
import {
  orderNosOfOrders,
  orderRefText,
  ordersOfPayments,
  type OrderLabel,
  type OrderRef,
} from "../order-payments/order-payments"

export type RefundMatch =
  | "ok"
  | "amount_differs"
  | "missing_in_medusa"
  | "not_made"
  | "missing_at_acquirer"

export interface RefundSearchSelector {
  order_nos?: string[]
  references?: string[]
}

export interface MedusaRefund {
  id: string
  amount: string
  /** the payment's currency, upper case */
  currency: string | null
  note: string | null
  created_at: string | null
}

export interface RefundComparisonRow {
  status: RefundMatch
  /** the acquirer's record; null for `missing_at_acquirer` */
  acquirer: {
    order_no: string | null
    transaction_id: string | null
    refund_reference: string | null
    refund_reference_id: string | null
    refund_amount: string | null
    currency: string | null
    refund_status: string | null
    refund_reason: string | null
    refund_date: string | null
  } | null
  payment_id: string | null
  /** the Medusa order of that payment, as the admin shows it */
  order: OrderLabel | null
  /** Medusa's refund of that payment matched to the acquirer's, if any */
  medusa: MedusaRefund | null
  /** `missing_in_medusa` and Medusa holds the payment, captured: POST …/refunds/record can record it */
  recordable: boolean
}

/**
 * Every distinct acquirer account a payment may have run under: each provider
 * entry's medusa-config options and each account saved in the admin, by its
 * card provider's core. One that is incomplete (no credentials) is skipped.
 */
export async function searchCores(
  container: MedusaContainer
): Promise<ProviderCore[]> {
  const accounts = await accountSource().accounts()
  const choices = [null, ...accounts.map((account) => account.id)]
  const seen = new Set<string>()
  const cores: ProviderCore[] = []
  for (const entry of acquiringEntries(container.resolve("configModule"))) {
    for (const account_id of choices) {
      const core = await coreFor(
        container,
        fullProviderId("acquiring-card", entry.id),
        { account_id }
      ).catch(() => null)
      if (!core) continue
      const account = `${core.options.merchant_id}/${core.options.account_id}`
      if (seen.has(account)) continue
      seen.add(account)
      cores.push(core)
    }
  }
  return cores
}

/** The refund search on every acquirer account, entries in the order the acquirer listed them. */
export async function searchAcquirerRefunds(
  container: MedusaContainer,
  selector: RefundSearchSelector
): Promise<RefundSearchEntry[]> {
  const rows: RefundSearchEntry[] = []
  for (const core of await searchCores(container)) {
    try {
      rows.push(
        ...(selector.order_nos
          ? await core.gateway.retrieveRefunds({
              order_nos: selector.order_nos,
            })
          : await core.gateway.retrieveRefunds({
              refund_references: selector.references ?? [],
            }))
      )
    } catch (error) {
      throw toMedusaError(error, "refund search")
    }
  }
  return rows
}

/** What the admin names: Medusa orders or the acquirer's transaction ids. */
export type AdminSelector =
  { orders: OrderRef[] } | { transaction_ids: string[] }

/**
 * The order numbers behind what the admin names; `unmatched` are the values
 * that name no acquiring payment (as given: `#12`, `order_…`, a transaction id).
 */
export async function orderNosOf(
  container: MedusaContainer,
  selector: AdminSelector
): Promise<{ order_nos: string[]; unmatched: string[] }> {
  if ("orders" in selector) {
    const { order_nos, unmatched } = await orderNosOfOrders(
      container,
      selector.orders
    )
    return { order_nos, unmatched: unmatched.map(orderRefText) }
  }
  const found = await orderNosOfTransactions(
    container,
    selector.transaction_ids
  )
  return {
    order_nos: [...new Set(found.values())],
    unmatched: selector.transaction_ids.filter((id) => !found.has(id)),
  }
}

/** The order number of each transaction id, from the status query on every acquirer account. */
async function orderNosOfTransactions(
  container: MedusaContainer,
  transactionIds: string[]
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  for (const core of await searchCores(container)) {
    const unknown = transactionIds.filter((id) => !found.has(id))
    if (!unknown.length) break
    try {
      for (const entry of await core.gateway.retrieveTransactions({
        transaction_ids: unknown,
      }))
        if (
          entry.query_result === QUERY_RESULT.FOUND &&
          entry.transaction_id &&
          entry.order_no
        )
          found.set(entry.transaction_id, entry.order_no)
    } catch (error) {
      throw toMedusaError(error, "transaction look-up")
    }
  }
  return found
}

export async function compareRefunds(
  container: MedusaContainer,
  selector: RefundSearchSelector
): Promise<RefundComparisonRow[]> {
  // nothing to ask the acquirer for (an order the admin named had no acquiring payment)
  if (!(selector.order_nos ?? selector.references ?? []).length) return []
  const records = await searchAcquirerRefunds(container, selector)
  const orderNos = [
    ...new Set([
      ...(selector.order_nos ?? []),
      ...records.map((r) => r.order_no).filter((o): o is string => !!o),
    ]),
  ]
  const payments = await paymentsOfOrders(container, orderNos)
  const refundsOf = await medusaRefunds(container, [
    ...new Map([...payments.values()].map((p) => [p.id, p])).values(),
  ])
  const orderOf = await ordersOfPayments(container, [
    ...new Set([...payments.values()].map((p) => p.id)),
  ])
  const matched = new Set<string>()
  const rows: RefundComparisonRow[] = records.map((record) => {
    const payment = record.order_no ? payments.get(record.order_no) : undefined
    const refunds = payment ? (refundsOf.get(payment.id) ?? []) : []
    const medusa = payment ? matchRefund(record, payment, refunds) : undefined
    if (medusa) matched.add(medusa.id)
    const status: RefundMatch = !wasMade(record)
      ? "not_made"
      : !medusa
        ? "missing_in_medusa"
        : sameAmount(medusa.amount, record.refund_amount)
          ? "ok"
          : "amount_differs"
    return {
      status,
      acquirer: acquirerView(record),
      payment_id: payment?.id ?? null,
      order: (payment && orderOf.get(payment.id)) ?? null,
      medusa: medusa ?? null,
      recordable:
        status === "missing_in_medusa" &&
        !!payment?.captured_at &&
        !!record.refund_reference_id &&
        !!record.refund_amount,
    }
  })
  if (selector.order_nos) {
    for (const orderNo of selector.order_nos) {
      const payment = payments.get(orderNo)
      if (!payment) continue
      for (const refund of refundsOf.get(payment.id) ?? []) {
        // a lost chargeback is recorded as a refund the acquirer never made (the chargebacks page lists it)
        if (matched.has(refund.id) || isChargebackNote(refund.note)) continue
        rows.push({
          status: "missing_at_acquirer",
          acquirer: null,
          payment_id: payment.id,
          order: orderOf.get(payment.id) ?? null,
          medusa: refund,
          recordable: false,
        })
      }
    }
  }
  return rows
}

function matchRefund(
  record: RefundSearchEntry,
  payment: OrderPayment,
  refunds: MedusaRefund[]
): MedusaRefund | undefined {
  const referenceId = record.refund_reference_id
  const stored = referenceId
    ? payment.state.refunds?.find((r) => r.refund_reference_id === referenceId)
    : undefined
  const byId = (id: string | undefined) =>
    id ? refunds.find((r) => r.id === id) : undefined
  return (
    byId(stored?.idempotency_key) ??
    byId(referenceOfReason(record.refund_reason)) ??
    (referenceId
      ? refunds.find((r) => r.note?.includes(`(${referenceId})`))
      : undefined)
  )
}

function sameAmount(medusa: string, acquirer: string | undefined): boolean {
  if (!acquirer) return false
  try {
    return toDecimal(medusa).isEqualTo(toDecimal(acquirer))
  } catch {
    return false
  }
}

function acquirerView(
  record: RefundSearchEntry
): NonNullable<RefundComparisonRow["acquirer"]> {
  return {
    order_no: record.order_no ?? null,
    transaction_id: record.transaction_id ?? null,
    refund_reference: record.refund_reference ?? null,
    refund_reference_id: record.refund_reference_id ?? null,
    refund_amount: record.refund_amount ?? null,
    currency: record.currency ?? null,
    refund_status: record.refund_status ?? null,
    refund_reason: record.refund_reason ?? null,
    refund_date: record.refund_date ?? null,
  }
}

/** Medusa's refunds of each payment, amounts as exact decimal strings with at least the currency's digits. */
async function medusaRefunds(
  container: MedusaContainer,
  payments: OrderPayment[]
): Promise<Map<string, MedusaRefund[]>> {
  const byPayment = new Map<string, MedusaRefund[]>()
  if (!payments.length) return byPayment
  const digitsOf = new Map(
    payments.map((p) => [p.id, digitsOfCurrency(p.currency_code)])
  )
  const currencyOf = new Map(
    payments.map((p) => [p.id, p.currency_code?.toUpperCase() ?? null])
  )
  const refunds = await refundsOfPayments(
    container,
    payments.map((p) => p.id)
  )
  for (const refund of refunds) {
    const list = byPayment.get(refund.payment_id) ?? []
    list.push({
      id: refund.id,
      amount: withDigits(
        exactAmountOf(refund.raw_amount, refund.amount),
        digitsOf.get(refund.payment_id) ?? 0
      ),
      currency: currencyOf.get(refund.payment_id) ?? null,
      note: refund.note ?? null,
      created_at: refund.created_at
        ? new Date(refund.created_at).toISOString()
        : null,
    })
    byPayment.set(refund.payment_id, list)
  }
  return byPayment
}

/** The exact value of a `raw_` column ({ value, precision }), which RefundDTO types as a number. */

function digitsOfCurrency(code: string | null | undefined): number {
  try {
    return code ? currencyDigits(code) : 0
  } catch {
    return 0
  }
}
