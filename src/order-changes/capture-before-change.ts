/**
 * Runs before Medusa confirms an order change: reads what the changed order
 * will owe and the authorisations Medusa would void, and captures from them
 * through Medusa's own capture workflow (the plugin's journalled capture).
 * What a partial capture leaves is released by the acquirer, and recorded
 * so in Medusa at once (order-payments/released-remainder.ts). The caller
 * holds the locks of the order's acquiring payments.
 */
import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
  PaymentCollectionStatus,
} from "@medusajs/framework/utils"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { exactAmount, exactAmountOf } from "../money/medusa-amount"
import { thrownMessage } from "../journal/errors"
import { recordReleasedRemainder } from "../order-payments/released-remainder"
import {
  capturesBeforeChange,
  type CaptureBeforeChange,
  type HeldAuthorization,
} from "./capture-plan"

type Amount = BigNumberInput | null | undefined

type OrderRow = {
  id: string
  display_id?: number | null
  currency_code: string
  payment_collections?: ({
    status: string
    payments?: ({
      id: string
      provider_id: string
      amount?: Amount
      raw_amount?: Amount
      captured_at?: unknown
      canceled_at?: unknown
      captures?: ({ id: string } | null)[] | null
    } | null)[]
  } | null)[]
}

// the collections Medusa's createOrUpdateOrderPaymentCollectionWorkflow cancels and asks again
const RECREATED: string[] = [
  PaymentCollectionStatus.AUTHORIZED,
  PaymentCollectionStatus.PARTIALLY_AUTHORIZED,
]

/** The order's acquiring authorisations Medusa would void on confirming a change. */
export function heldAuthorizations(order: OrderRow): HeldAuthorization[] {
  return (order.payment_collections ?? [])
    .filter((c) => !!c && RECREATED.includes(c.status))
    .flatMap((c) => c!.payments ?? [])
    .filter(
      (p): p is NonNullable<typeof p> =>
        !!p &&
        isAcquiringProvider(p.provider_id) &&
        !p.captured_at &&
        !p.canceled_at &&
        !p.captures?.length
    )
    .map((p) => ({
      payment_id: p.id,
      amount: exactAmountOf(p.raw_amount, p.amount),
    }))
}

async function readOrder(
  container: MedusaContainer,
  orderId: string
): Promise<OrderRow> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "currency_code",
      "payment_collections.status",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.amount",
      "payment_collections.payments.raw_amount",
      "payment_collections.payments.captured_at",
      "payment_collections.payments.canceled_at",
      "payment_collections.payments.captures.id",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as OrderRow | undefined
  if (!order)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Order with id: ${orderId} was not found`
    )
  return order
}

/** What the order will owe once its open change is applied (Medusa's pending difference of the preview). */
async function pendingAfterChange(
  container: MedusaContainer,
  orderId: string
): Promise<string> {
  const orders = container.resolve(Modules.ORDER)
  const preview = (await orders.previewOrderChange(orderId)) as {
    summary?: { raw_pending_difference?: Amount; pending_difference?: Amount }
  }
  const pending =
    preview.summary?.raw_pending_difference ??
    preview.summary?.pending_difference
  return pending === null || pending === undefined
    ? "0"
    : exactAmount(pending as BigNumberInput)
}

/** A capture before an order change failed: the change is not confirmed (the message says why and what to do). */
export class OrderChangeCaptureFailed extends Error {}

/**
 * Captures what keeps the order's authorisations through its change;
 * returns what it captured. Throws (nothing confirmed) when a capture
 * fails: the authorisation is then still whole, or its capture is being
 * confirmed, and the merchant confirms the change again later.
 */
export async function captureBeforeOrderChange(
  container: MedusaContainer,
  orderId: string
): Promise<CaptureBeforeChange[]> {
  const order = await readOrder(container, orderId)
  const held = heldAuthorizations(order)
  if (!held.length) return []
  const plan = capturesBeforeChange(
    await pendingAfterChange(container, orderId),
    held,
    order.currency_code
  )
  const label = order.display_id ? `#${order.display_id}` : order.id
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  for (const capture of plan) {
    try {
      await capturePaymentWorkflow(container).run({
        input: { payment_id: capture.payment_id, amount: capture.amount },
      })
    } catch (error) {
      throw new OrderChangeCaptureFailed(
        `The change of order ${label} was not confirmed: Medusa would void the shopper's authorisation, so the plugin first captures ${capture.amount} ${order.currency_code.toUpperCase()} of it, and that capture failed (${thrownMessage(error)}). Nothing was voided; confirm the change again once the capture can be made.`
      )
    }
    logger.info(
      `[acquiring] order ${label} is changing: captured ${capture.amount} ${order.currency_code.toUpperCase()} of payment ${capture.payment_id} first, so Medusa keeps the authorisation instead of voiding it`
    )
    // a lowered order: the acquirer released the rest; Medusa's records say so before the change is confirmed
    await recordReleasedRemainder(container, capture.payment_id)
  }
  return plan
}
