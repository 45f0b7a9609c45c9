/**
 * Medusa hands a provider's capturePayment only the capture's id (as the
 * idempotency key), not its amount. The payment module's own capture
 * service lives in the container Medusa builds providers with, so the
 * capture is read there: its amount, and how many captures of the payment
 * Medusa held before it.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import type { CaptureRequest } from "./capture"
import { exactAmount } from "../money/medusa-amount"

type CaptureRow = {
  id: string
  raw_amount: BigNumberInput
  payment?: { captures?: { id: string }[] } | null
}

type CaptureService = {
  retrieve(
    id: string,
    config: { select: string[]; relations: string[] }
  ): Promise<CaptureRow>
}

export async function medusaCapture(
  container: Record<string, unknown>,
  captureId: string | undefined
): Promise<CaptureRequest> {
  if (!captureId?.startsWith("capt_")) return {}
  let service: CaptureService
  try {
    service = container.captureService as CaptureService
  } catch {
    // a Medusa without the service in the providers' container: the whole amount, as before 2.21
    return {}
  }
  const capture = await service.retrieve(captureId, {
    select: ["id", "raw_amount"],
    relations: ["payment.captures"],
  })
  const others = (capture.payment?.captures ?? []).filter(
    (c) => c.id !== capture.id
  )
  return {
    amount: exactAmount(capture.raw_amount),
    earlier_captures: others.length,
  }
}
