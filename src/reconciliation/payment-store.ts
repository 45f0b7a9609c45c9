/**
 * Writing the plugin's state of Medusa payments and sessions: the whole state
 * to the plugin's table, the storefront view to Medusa's `data`.
 */
import { Modules } from "@medusajs/framework/utils"
import type {
  IPaymentModuleService,
  MedusaContainer,
  PaymentDTO,
  PaymentSessionDTO,
} from "@medusajs/framework/types"
import type { SessionData } from "../providers/acquiring/session/session-data"
import { writeSession } from "../providers/acquiring/session/session-store"

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
  const shown = await writeSession(data)
  await paymentModule(container).updatePayment({
    id: payment.id,
    data: { ...shown },
  } as unknown as Parameters<IPaymentModuleService["updatePayment"]>[0])
}

export async function saveSessionData(
  container: MedusaContainer,
  session: PaymentSessionDTO,
  data: SessionData
): Promise<void> {
  const raw = (session as unknown as { raw_amount?: { value?: unknown } })
    .raw_amount
  const shown = await writeSession(data)
  await paymentModule(container).updatePaymentSession({
    id: session.id,
    amount: raw?.value !== undefined ? String(raw.value) : session.amount,
    currency_code: session.currency_code,
    data: { ...shown },
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
