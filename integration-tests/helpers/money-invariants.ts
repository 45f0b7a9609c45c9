/**
 * What "every cent accounted for" means for one order, read independently
 * from both sides: the sandbox's transaction (the acquirer) and Medusa's
 * admin API, plus the plugin's journal for operations left unsettled.
 */
import { Client } from "pg"
import BigNumber from "bignumber.js"
import type { Shop } from "./acquiring-suite"
import { adminOrder } from "./checkout"
import type { TestSandbox } from "./sandbox"

export type Ledger = {
  order_id: string
  order_status: string
  /** refunded: refunds made and chargebacks lost (what went back to the card holder) */
  acquirer: {
    state: string
    captured: string
    refunded: string
    chargebacks: string[]
  }
  medusa: { captured: string; refunded: string; canceled: boolean }
  /** the plugin's record of the chargebacks (`STATUS amount`, by reference) */
  plugin: { chargebacks: string[] }
}

const sum = (values: unknown[]) =>
  values
    .reduce<BigNumber>((total, v) => total.plus(String(v)), new BigNumber(0))
    .toFixed(2)

export async function ledgerOf(
  sandbox: TestSandbox,
  shop: Shop,
  orderId: string,
  chargebacksKept: (transactionId: string) => Promise<string[]> = async () => []
): Promise<Ledger> {
  const order = await adminOrder(shop, orderId)
  const payments = order.payment_collections.flatMap(
    (c: any) => c.payments ?? []
  )
  if (payments.length !== 1)
    throw new Error(`order ${orderId} has ${payments.length} payments`)
  const payment = payments[0]
  // the transaction id is in the plugin's state of the payment, not in Medusa's data
  const state = await shop.state(payment.data)
  const stored: Record<string, any> =
    (await sandboxTransactionOf(sandbox, state)) ?? {}
  const chargebacks: {
    chargeback_status: string
    chargeback_amount: string
    chargeback_reference: string
  }[] = stored.chargebacks ?? []
  return {
    order_id: orderId,
    order_status: order.status,
    acquirer: {
      state: stored.state ?? "none",
      captured: sum(stored.captured_amount ? [stored.captured_amount] : []),
      refunded: sum([
        ...(stored.refunds ?? []).map((r: any) => r.refund_amount as string),
        ...chargebacks
          .filter((c) => c.chargeback_status === "LOST")
          .map((c) => c.chargeback_amount),
      ]),
      chargebacks: chargebacks
        .map(
          (c) =>
            `${c.chargeback_reference} ${c.chargeback_status} ${c.chargeback_amount}`
        )
        .sort(),
    },
    medusa: {
      captured: sum((payment.captures ?? []).map((c: any) => c.amount)),
      refunded: sum((payment.refunds ?? []).map((r: any) => r.amount)),
      canceled: payment.canceled_at != null,
    },
    plugin: {
      chargebacks: stored.transaction_id
        ? (await chargebacksKept(String(stored.transaction_id))).sort()
        : [],
    },
  }
}

/** The plugin's chargebacks of a transaction, as the ledger lists them. */
export function keptChargebacks(
  container: () => { resolve<T>(key: string): T }
): (transactionId: string) => Promise<string[]> {
  return async (transactionId) =>
    (
      await container()
        .resolve<{
          listAcquiringChargebacks(f: object): Promise<any[]>
        }>("acquiring")
        .listAcquiringChargebacks({ transaction_id: transactionId })
    ).map((c) => `${c.reference} ${c.status} ${c.amount}`)
}

async function sandboxTransactionOf(sandbox: TestSandbox, state: any) {
  const id = state?.transaction_id
  return id ? sandbox.transaction(String(id)) : undefined
}

/**
 * The invariants, as a list of what is wrong (empty when the order is
 * right): equal captured and refunded sums on both sides; a cancelled order
 * holds no unrefunded capture and no live authorisation; a payment Medusa
 * cancelled is voided at the acquirer.
 */
export function violations(ledger: Ledger): string[] {
  const wrong: string[] = []
  const { acquirer, medusa } = ledger
  if (acquirer.captured !== medusa.captured)
    wrong.push(
      `captured: acquirer ${acquirer.captured}, Medusa ${medusa.captured}`
    )
  if (
    JSON.stringify(acquirer.chargebacks) !==
    JSON.stringify(ledger.plugin.chargebacks)
  )
    wrong.push(
      `chargebacks: acquirer ${acquirer.chargebacks.join(", ") || "none"}, plugin ${ledger.plugin.chargebacks.join(", ") || "none"}`
    )
  if (acquirer.refunded !== medusa.refunded)
    wrong.push(
      `refunded: acquirer ${acquirer.refunded}, Medusa ${medusa.refunded}`
    )
  // the acquirer refuses refunds while a chargeback is open: a cancel's refund waits for its decision
  const disputed = acquirer.chargebacks.some((c) => c.includes(" OPEN "))
  if (ledger.order_status === "canceled") {
    if (!disputed && !new BigNumber(acquirer.captured).eq(acquirer.refunded))
      wrong.push(
        `cancelled order keeps ${acquirer.captured} captured, ${acquirer.refunded} refunded`
      )
    if (["authorised", "review"].includes(acquirer.state))
      wrong.push(`cancelled order's authorisation is live (${acquirer.state})`)
  }
  if (medusa.canceled && acquirer.state !== "voided")
    wrong.push(
      `Medusa cancelled the payment; the acquirer has ${acquirer.state}`
    )
  return wrong
}

/** Journalled operations of the plugin still waiting for an outcome. */
export async function unsettledOperations(
  databaseUrl: string
): Promise<{ kind: string; order_no: string; state: string }[]> {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      `SELECT kind, order_no, state FROM acquiring_operation
        WHERE state IN ('sent', 'unknown') AND deleted_at IS NULL`
    )
    return rows
  } finally {
    await client.end()
  }
}
