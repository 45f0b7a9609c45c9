/** Reading and writing the plugin's data on Medusa payments and sessions. */
import { Modules } from "@medusajs/framework/utils"
import type {
  IPaymentModuleService,
  MedusaContainer,
  PaymentDTO,
  PaymentSessionDTO,
} from "@medusajs/framework/types"
import {
  toStored,
  type SessionData,
} from "../providers/acquiring/session/session-data"

export function paymentModule(
  container: MedusaContainer
): IPaymentModuleService {
  return container.resolve<IPaymentModuleService>(Modules.PAYMENT)
}

/** Medusa's module stores `data` on a payment although its update type does not list it. */
export async function savePaymentData(
  container: MedusaContainer,
  payment: Pick<PaymentDTO, "id">,
  data: SessionData
): Promise<void> {
  await paymentModule(container).updatePayment({
    id: payment.id,
    data: toStored(data),
  } as unknown as Parameters<IPaymentModuleService["updatePayment"]>[0])
}

export async function saveSessionData(
  container: MedusaContainer,
  session: PaymentSessionDTO,
  data: SessionData
): Promise<void> {
  const raw = (session as unknown as { raw_amount?: { value?: unknown } })
    .raw_amount
  await paymentModule(container).updatePaymentSession({
    id: session.id,
    amount: raw?.value !== undefined ? String(raw.value) : session.amount,
    currency_code: session.currency_code,
    data: toStored(data),
    ...(data.status ? { status: data.status as never } : {}),
  })
}

export type Logger = {
  info(m: string): void
  warn(m: string): void
  error(m: string): void
}

export function loggerOf(container: MedusaContainer): Logger {
  return container.resolve<Logger>("logger")
}
