/**
 * A partial capture in Medusa's terms. The acquirer captures a payment once
 * and releases what a partial capture leaves (an order lowered from 40.00
 * to 30.00: 30.00 captured, 10.00 back on the shopper's card). Medusa keeps
 * the payment at its authorised 40.00 with 30.00 captured, so its order
 * page reads "Partially captured" and "Total pending 10.00", money that
 * will never come, and invites a capture the acquirer refuses. Medusa 2.21
 * has no word for a release; what its payment module does let the plugin
 * write is the payment's amount and captured time and the collection's
 * amount and status. So the payment becomes what was captured, marked
 * captured, and its collection asks no more than its live payments hold,
 * completed once that is captured (Medusa's own rule). Medusa's payment
 * session keeps the authorised amount, and the plugin's state the whole
 * story (amount, captured, released), which the widget shows.
 *
 * Idempotent, and safe to run again after a failure between its two
 * writes: the collection's amount is derived from its payments as they
 * stand. The caller holds the payment's lock.
 */
import type {
  BigNumberInput,
  MedusaContainer,
  PaymentDTO,
  UpdatePaymentDTO,
} from "@medusajs/framework/types"
import { PaymentCollectionStatus } from "@medusajs/framework/utils"
import { compareAmounts, sumAmounts } from "../gateway/index"
import { isAcquiringProvider } from "../accounts/provider-entries"
import { exactAmountOf } from "../money/medusa-amount"
import { readSession } from "../payment-sessions/session-store"
import { loggerOf, paymentModule } from "./payment-store"

type Amount = BigNumberInput | null | undefined

/** Medusa's payment module stores these on a payment, although UpdatePaymentDTO lists only `id`. */
type CapturedPaymentUpdate = UpdatePaymentDTO &
  Pick<PaymentDTO, "captured_at"> & { amount: string }

type PaymentRow = {
  id: string
  amount?: Amount
  raw_amount?: Amount
  captured_at?: Date | string | null
  canceled_at?: Date | string | null
}

/**
 * Makes Medusa's payment and collection say what the acquirer did with a
 * partial capture; false when the payment is none (not an acquiring one,
 * not captured in part, or its capture not recorded by Medusa yet).
 */
export async function recordReleasedRemainder(
  container: MedusaContainer,
  paymentId: string
): Promise<boolean> {
  const payments = paymentModule(container)
  const payment = await payments.retrievePayment(paymentId, {
    select: [
      "id",
      "provider_id",
      "data",
      "amount",
      "raw_amount",
      "captured_at",
      "currency_code",
      "payment_collection_id",
    ],
    relations: ["captures"],
  })
  if (!isAcquiringProvider(payment.provider_id)) return false
  const data = await readSession(payment.data)
  const currency = data.currency
  const captured = data.captured_amount
  if (data.status !== "captured" || !captured || !currency || !data.amount)
    return false
  if (compareAmounts(captured, data.amount) >= 0) return false
  const recorded = sumAmounts(
    (payment.captures ?? []).map((c) => exactAmountOf(c.raw_amount, c.amount)),
    currency
  )
  if (compareAmounts(recorded, captured) !== 0) return false

  const amount = exactAmountOf(
    (payment as PaymentRow).raw_amount,
    payment.amount
  )
  if (compareAmounts(amount, captured) !== 0 || !payment.captured_at) {
    const update: CapturedPaymentUpdate = {
      id: payment.id,
      amount: captured,
      captured_at: payment.captured_at ?? new Date(),
    }
    await payments.updatePayment(update)
    loggerOf(container).info(
      `[acquiring] payment ${payment.id}: ${captured} ${currency} captured, ${data.amount} authorised; the rest was released by the acquirer, so Medusa records the payment at ${captured} ${currency}`
    )
  }
  await askNoMoreThanHeld(container, payment.payment_collection_id)
  return true
}

/** The collection asks what its live payments hold, when every one of them is captured in full. */
async function askNoMoreThanHeld(
  container: MedusaContainer,
  collectionId: string
): Promise<void> {
  const payments = paymentModule(container)
  const collection = await payments.retrievePaymentCollection(collectionId, {
    select: [
      "id",
      "amount",
      "raw_amount",
      "captured_amount",
      "raw_captured_amount",
      "status",
      "currency_code",
    ],
    relations: ["payments"],
  })
  const live = ((collection.payments ?? []) as PaymentRow[]).filter(
    (p) => !p.canceled_at
  )
  // a payment still authorised, or none at all: money may yet come on this collection
  if (!live.length || live.some((p) => !p.captured_at)) return
  const currency = collection.currency_code
  const held = sumAmounts(
    live.map((p) => exactAmountOf(p.raw_amount, p.amount)),
    currency
  )
  const asked = exactAmountOf(
    (collection as { raw_amount?: Amount }).raw_amount,
    collection.amount
  )
  if (compareAmounts(held, asked) >= 0) return
  const captured = exactAmountOf(
    (collection as { raw_captured_amount?: Amount }).raw_captured_amount,
    collection.captured_amount
  )
  const complete = compareAmounts(captured, held) >= 0
  await payments.updatePaymentCollections(collection.id, {
    amount: held,
    ...(complete
      ? {
          status: PaymentCollectionStatus.COMPLETED,
        }
      : {}),
  })
}
