/**
 * Acts on failures and cancellations the acquirer notifies, which Medusa's
 * own webhook handling drops: the session (or the payment, once one
 * exists) is marked failed or canceled. A notification for an earlier
 * attempt, or one that would downgrade a settled payment, changes nothing.
 */
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { IPaymentModuleService } from "@medusajs/framework/types"
import { keepStoredKeys } from "../../providers/acquiring/session-data"
import { mergeStatus } from "../../providers/acquiring/status-map"

export interface RecordAcquiringOutcomeInput {
  session_id: string
  order_no: string
  action: "failed" | "canceled"
  /** the notification's verified `<code>:<text>` */
  result?: { code: string; text: string }
}

export type RecordedOutcome = "ignored" | "session_updated" | "payment_canceled"

export const recordAcquiringOutcomeStep = createStep(
  "record-acquiring-outcome",
  async (input: RecordAcquiringOutcomeInput, { container }) => {
    const paymentModule = container.resolve<IPaymentModuleService>(
      Modules.PAYMENT
    )
    const [session] = await paymentModule.listPaymentSessions(
      { id: input.session_id },
      {
        select: [
          "id",
          "data",
          "status",
          "amount",
          "raw_amount",
          "currency_code",
        ],
        relations: ["payment"],
      } as never
    )
    if (!session) return new StepResponse<RecordedOutcome>("ignored")
    const data = keepStoredKeys(session.data)
    if (data.order_no !== input.order_no)
      return new StepResponse<RecordedOutcome>("ignored")

    const payment = (
      session as unknown as {
        payment?: { id: string; captured_at?: unknown; canceled_at?: unknown }
      }
    ).payment
    if (payment) {
      if (
        input.action !== "canceled" ||
        payment.captured_at ||
        payment.canceled_at
      )
        return new StepResponse<RecordedOutcome>("ignored")
      await paymentModule.cancelPayment(payment.id)
      return new StepResponse<RecordedOutcome>("payment_canceled")
    }

    const incoming = input.action === "failed" ? "error" : "canceled"
    const status = mergeStatus(data.status, incoming)
    if (status !== incoming || data.status === incoming)
      return new StepResponse<RecordedOutcome>("ignored")
    const raw = (session as unknown as { raw_amount?: { value?: unknown } })
      .raw_amount
    await paymentModule.updatePaymentSession({
      id: session.id,
      amount: raw?.value !== undefined ? String(raw.value) : session.amount,
      currency_code: session.currency_code,
      data: {
        ...data,
        status: incoming,
        ...(input.result?.code ? { result: input.result } : {}),
      } as Record<string, unknown>,
      status: incoming as never,
    })
    return new StepResponse<RecordedOutcome>("session_updated")
  }
)
