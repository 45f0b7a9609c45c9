/**
 * An order change whose confirm was refused after its capture went through
 * (the capture's answer came back late: 409 to the admin, the acquirer
 * captured and released the rest, Medusa recorded the capture later). Until
 * the change is confirmed again, Medusa keeps the order at its total before
 * the change and counts the difference as pending, money the acquirer has
 * already released. The order widget says so, and a payment link does not
 * ask for it.
 */
import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  Modules,
  OrderChangeStatus,
} from "@medusajs/framework/utils"
import type { WaitingOrderChange } from "../admin-contract/payments"
import { currencyDigits } from "../gateway/index"
import { exactAmountOf, withDigits } from "../money/medusa-amount"

/** Medusa's change types that replace an authorised payment collection on confirm (order-change-capture.ts). */
const CONFIRMED_THROUGH_PLUGIN = [
  "edit",
  "exchange",
  "claim",
  "return_request",
  "return_receive",
]

export interface OpenChange {
  id: string
  change_type: string
  /** when the change was begun */
  created_at: Date
}

/**
 * Whether a capture belongs to the open change: made while the change was
 * open, so the order's total before the change no longer says what was
 * taken. A capture made before the change was begun is the order's old
 * story, which Medusa tells rightly.
 */
export function capturedForChange(
  change: OpenChange,
  capturedAt: Date | string | null | undefined
): boolean {
  if (!capturedAt) return false
  return new Date(capturedAt).getTime() >= change.created_at.getTime()
}

type ChangeRow = {
  id: string
  change_type?: string | null
  created_at?: Date | string | null
}

/** The order's change still open (pending or requested) that the plugin captures for on confirm; null if none. */
export async function openChangeOf(
  container: MedusaContainer,
  orderId: string
): Promise<OpenChange | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order_change",
    fields: ["id", "change_type", "created_at"],
    filters: {
      order_id: orderId,
      status: [OrderChangeStatus.PENDING, OrderChangeStatus.REQUESTED],
    },
  })
  const change = (data as ChangeRow[]).find(
    (row) =>
      !!row.change_type &&
      CONFIRMED_THROUGH_PLUGIN.includes(row.change_type) &&
      !!row.created_at
  )
  return change
    ? {
        id: change.id,
        change_type: change.change_type!,
        created_at: new Date(change.created_at!),
      }
    : null
}

type Amount = BigNumberInput | null | undefined

type PreviewSummary = {
  original_order_total?: Amount
  raw_original_order_total?: Amount
  current_order_total?: Amount
  raw_current_order_total?: Amount
}

/**
 * The change that waits for a confirm after a capture made for it, with the
 * order's total before and after it; null when no change is open or the
 * capture is not the change's.
 */
export async function changeWaitingAfterCapture(
  container: MedusaContainer,
  orderId: string,
  capturedAt: Date | string | null | undefined,
  currency: string
): Promise<WaitingOrderChange | null> {
  if (!capturedAt) return null
  const change = await openChangeOf(container, orderId)
  if (!change || !capturedForChange(change, capturedAt)) return null
  const preview = (await container
    .resolve(Modules.ORDER)
    .previewOrderChange(orderId)) as { summary?: PreviewSummary }
  const summary = preview.summary ?? {}
  const amount = (raw: Amount, plain: Amount) =>
    withDigits(exactAmountOf(raw, plain), currencyDigits(currency))
  return {
    id: change.id,
    change_type: change.change_type,
    opened_at: change.created_at.toISOString(),
    total_before: amount(
      summary.raw_original_order_total,
      summary.original_order_total
    ),
    total_after: amount(
      summary.raw_current_order_total,
      summary.current_order_total
    ),
  }
}
