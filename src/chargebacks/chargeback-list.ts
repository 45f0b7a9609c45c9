/** The chargebacks page and its CSV: the plugin's rows, filtered, each with the Medusa order of its payment. */
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  MEDUSA_ORDER_SEARCH,
  type AcquiringChargebackView,
  type ChargebackListQueryType,
} from "../admin-contract/chargebacks"
import { withCurrencyDigits } from "../admin-contract/amount-text"
import { acquiringModule } from "../modules/acquiring/module-access"
import type { AcquiringChargebackRow } from "../modules/acquiring/types"
import {
  orderNosOfOrders,
  ordersOfPayments,
} from "../order-payments/order-payments"
import { csvTable } from "../csv-export/csv-table"

const iso = (value: Date | string | null | undefined): string | null =>
  value ? new Date(value).toISOString() : null

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`)
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999Z`)

/**
 * The acquirer's order numbers of the Medusa order a search names (#12, 12
 * or order_…): a chargeback names the order number of the payment it
 * disputes. Nothing when the search names no order Medusa has.
 */
async function orderNosSearched(
  container: MedusaContainer,
  q: string | undefined
): Promise<string[]> {
  const named = q ? MEDUSA_ORDER_SEARCH.exec(q) : null
  if (!named) return []
  const ref = named[1] ? { display_id: Number(named[1]) } : { id: named[2] }
  return (await orderNosOfOrders(container, [ref])).order_nos
}

function filtersOf(
  query: ChargebackListQueryType,
  orderNos: string[] = []
): Record<string, unknown> {
  const filters: Record<string, unknown> = {}
  if (query.status?.length) filters.status = query.status
  if (query.opened_from || query.opened_to)
    filters.opened_at = {
      ...(query.opened_from ? { $gte: dayStart(query.opened_from) } : {}),
      ...(query.opened_to ? { $lte: dayEnd(query.opened_to) } : {}),
    }
  if (query.respond_by_to)
    filters.respond_by = { $lte: dayEnd(query.respond_by_to) }
  if (query.q)
    filters.$or = [
      { order_no: [query.q, ...orderNos] },
      { transaction_id: query.q },
      { reference: query.q },
    ]
  return filters
}

export async function listChargebacks(
  container: MedusaContainer,
  query: ChargebackListQueryType
): Promise<{ chargebacks: AcquiringChargebackView[]; count: number }> {
  const [rows, count] =
    await acquiringModule().listAndCountAcquiringChargebacks(
      filtersOf(query, await orderNosSearched(container, query.q)),
      {
        order: { respond_by: "ASC", created_at: "DESC" },
        take: query.limit,
        skip: query.offset,
      }
    )
  return { chargebacks: await withOrders(container, rows), count }
}

export async function chargebacksOfPayment(
  container: MedusaContainer,
  paymentId: string
): Promise<AcquiringChargebackView[]> {
  const rows = await acquiringModule().listAcquiringChargebacks(
    { payment_id: paymentId },
    { order: { created_at: "ASC" } }
  )
  return withOrders(container, rows)
}

async function withOrders(
  container: MedusaContainer,
  rows: AcquiringChargebackRow[]
): Promise<AcquiringChargebackView[]> {
  const ids = [...new Set(rows.map((r) => r.payment_id).filter(Boolean))]
  const orders = await ordersOfPayments(container, ids as string[])
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    payment_amount: row.payment_amount,
    reason_code: row.reason_code,
    reason_text: row.reason_text,
    opened_at: iso(row.opened_at),
    respond_by: iso(row.respond_by),
    decided_at: iso(row.decided_at),
    accounted_at: iso(row.accounted_at),
    refund_id: row.refund_id,
    order_no: row.order_no,
    transaction_id: row.transaction_id,
    payment_id: row.payment_id,
    order: (row.payment_id && orders.get(row.payment_id)) || null,
  }))
}

const CSV_COLUMNS = [
  "order",
  "chargeback",
  "status",
  "amount",
  "currency",
  "payment_amount",
  "reason_code",
  "reason",
  "opened_at",
  "respond_by",
  "decided_at",
  "recorded_as_refund",
  "order_no",
  "transaction_id",
] as const

/** Every chargeback the filters select (pages of the list), as finance reads them. */
export async function chargebackCsv(
  container: MedusaContainer,
  query: ChargebackListQueryType
): Promise<string> {
  const all: AcquiringChargebackView[] = []
  for (let offset = 0; ; offset += 500) {
    const page = await listChargebacks(container, {
      ...query,
      limit: 500,
      offset,
    })
    all.push(...page.chargebacks)
    if (page.chargebacks.length < 500 || all.length >= 50_000) break
  }
  return csvTable(
    CSV_COLUMNS,
    all.map((c) => ({
      order:
        c.order?.display_id != null
          ? `#${c.order.display_id}`
          : (c.order?.id ?? ""),
      chargeback: c.reference,
      status: c.status,
      // with the currency's digits, as every amount the admin reads
      amount: withCurrencyDigits(c.amount, c.currency),
      currency: c.currency,
      payment_amount: c.payment_amount
        ? withCurrencyDigits(c.payment_amount, c.currency)
        : null,
      reason_code: c.reason_code,
      reason: c.reason_text,
      opened_at: c.opened_at,
      respond_by: c.respond_by,
      decided_at: c.decided_at,
      recorded_as_refund: c.refund_id,
      order_no: c.order_no,
      transaction_id: c.transaction_id,
    }))
  )
}
