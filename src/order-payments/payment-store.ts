/**
 * The payment module as the plugin reads and writes it: its lists with the
 * filters the plugin uses, and the plugin's state of Medusa payments and
 * sessions (the whole state to the plugin's table, the storefront view to
 * Medusa's `data`).
 */
import { Modules } from "@medusajs/framework/utils"
import type {
  BigNumberRawValue,
  FilterablePaymentProps,
  FilterablePaymentSessionProps,
  FindConfig,
  IPaymentModuleService,
  MedusaContainer,
  OperatorMap,
  PaymentDTO,
  PaymentSessionDTO,
  PaymentSessionStatus,
  RefundDTO,
  UpdatePaymentDTO,
} from "@medusajs/framework/types"
import { exactAmountOf } from "../money/medusa-amount"
import type { SessionData } from "../payment-sessions/session-data"
import { vouchedView, writeSession } from "../payment-sessions/session-store"

export function paymentModule(
  container: MedusaContainer
): IPaymentModuleService {
  return container.resolve<IPaymentModuleService>(Modules.PAYMENT)
}

/** A payment session with `raw_amount` (the exact amount), which the module answers when selected and PaymentSessionDTO does not list. */
/** The fields of a payment session the reconcile reads (a StoredSession). */
export const STORED_SESSION_FIELDS = [
  "id",
  "provider_id",
  "data",
  "status",
  "amount",
  "raw_amount",
  "currency_code",
] as const

export type PaymentSessionRow = PaymentSessionDTO & {
  raw_amount?: BigNumberRawValue
}

type ProviderIds = string | string[] | OperatorMap<string>
type TimeBounds = OperatorMap<string> | OperatorMap<Date>

/** Medusa's session filters, with what its Filterable type leaves out: the status, a provider_id pattern, Date bounds. */
export type SessionFilters = Omit<
  FilterablePaymentSessionProps,
  "provider_id" | "updated_at"
> & {
  provider_id?: ProviderIds
  status?: PaymentSessionStatus[]
  updated_at?: TimeBounds
}

/** Medusa's payment filters, with what its Filterable type leaves out: provider_id, Date bounds. */
export type PaymentFilters = Omit<FilterablePaymentProps, "created_at"> & {
  provider_id?: ProviderIds
  created_at?: TimeBounds
}

/**
 * The payment module's lists as the plugin calls them. The module hands
 * filters to its ORM, which takes the fields above; IPaymentModuleService
 * declares the narrower Filterable types (its methods are assignable here).
 */
export interface PaymentLists {
  listPaymentSessions(
    filters?: SessionFilters,
    config?: FindConfig<PaymentSessionRow>
  ): Promise<PaymentSessionRow[]>
  listPayments(
    filters?: PaymentFilters,
    config?: FindConfig<PaymentDTO>
  ): Promise<PaymentDTO[]>
}

export function paymentLists(container: MedusaContainer): PaymentLists {
  return paymentModule(container)
}

/** A refund with its payment's id, which the module answers and RefundDTO does not list. */
export type RefundRow = RefundDTO & { payment_id: string }

export async function refundsOfPayments(
  container: MedusaContainer,
  paymentIds: string[]
): Promise<RefundRow[]> {
  const refunds = await paymentModule(container).listRefunds(
    { payment_id: paymentIds },
    { take: 10_000 }
  )
  // a refund row always has payment_id (see RefundRow)
  return refunds as RefundRow[]
}

/** The session's amount as stored: exact from `raw_amount` when it was selected. */
export function storedAmount(
  session: Pick<PaymentSessionRow, "amount" | "raw_amount">
): string {
  return exactAmountOf(session.raw_amount, session.amount)
}

/** Medusa's module stores `data` on a payment although UpdatePaymentDTO lists only `id`. */
type PaymentDataUpdate = UpdatePaymentDTO & Required<Pick<PaymentDTO, "data">>

export async function savePaymentData(
  container: MedusaContainer,
  payment: Pick<PaymentDTO, "id">,
  data: SessionData
): Promise<void> {
  const shown = await writeSession(data)
  const update: PaymentDataUpdate = { id: payment.id, data: { ...shown } }
  await paymentModule(container).updatePayment(update)
}

export async function saveSessionData(
  container: MedusaContainer,
  session: Pick<
    PaymentSessionRow,
    "id" | "amount" | "raw_amount" | "currency_code"
  >,
  data: SessionData,
  /** Medusa's status stays as it is (an awaited transfer is Medusa's to end, through its workflow) */
  { keepStatus = false }: { keepStatus?: boolean } = {}
): Promise<void> {
  const amount = storedAmount(session)
  const shown = await writeSession(data)
  await paymentModule(container).updatePaymentSession({
    id: session.id,
    amount,
    currency_code: session.currency_code,
    data: vouchedView(data, shown),
    ...(data.status && !keepStatus ? { status: data.status } : {}),
  })
}

export type Logger = {
  debug(m: string): void
  info(m: string): void
  warn(m: string): void
  error(m: string): void
}

export function loggerOf(container: MedusaContainer): Logger {
  return container.resolve<Logger>("logger")
}
