/** The payouts of the plugin's module, as the workflows, routes and job read and move them. */
import type { Beneficiary, Payer } from "../../gateway"
import type AcquiringModuleService from "../../modules/acquiring/service"
import type { PayoutTransitionFields } from "../../modules/acquiring/service"

export const ACQUIRING_MODULE = "acquiring"

export type PayoutStatus =
  "sending" | "unknown" | "PENDING" | "COMPLETED" | "FAILED"

export const FINAL_STATUSES: readonly PayoutStatus[] = ["COMPLETED", "FAILED"]
export const OPEN_STATUSES: readonly PayoutStatus[] = [
  "sending",
  "unknown",
  "PENDING",
]

/** The admin account a payout was sent with (id null: medusa-config alone), as on a payment's data. */
export interface PayoutAccount {
  id: string | null
  mode: "test" | "live"
}

export interface StoredPayout {
  id: string
  provider_id: string
  /** null on payouts written before the account was recorded */
  account: PayoutAccount | null
  request_id: string
  idempotency_key: string | null
  status: PayoutStatus
  beneficiary: Beneficiary
  payer: Payer | null
  beneficiary_id: string | null
  beneficiary_name: string | null
  beneficiary_account_last4: string | null
  payment_amount: string
  payment_currency: string
  source_amount: string | null
  source_currency: string | null
  payment_date: string | null
  payment_method: string | null
  swift_charge_option: string | null
  fund_source: string | null
  fee_paid_by: string | null
  reason: string | null
  reference: string | null
  client_data: string | null
  transaction_id: string | null
  short_reference_id: string | null
  fee_amount: string | null
  fee_currency: string | null
  amount_payer_pays: string | null
  amount_beneficiary_receives: string | null
  failure_type: string | null
  failure_reason: string | null
  acquirer_created_at: string | null
  acquirer_updated_at: string | null
  last_error: string | null
  tries: number
  settled_at: Date | string | null
  created_at: Date | string
  updated_at: Date | string
}

interface Scope {
  resolve<T = unknown>(key: string): T
}

export function payoutModule(scope: Scope): AcquiringModuleService {
  return scope.resolve<AcquiringModuleService>(ACQUIRING_MODULE)
}

export async function loadPayout(
  scope: Scope,
  id: string
): Promise<StoredPayout> {
  return (await payoutModule(scope).retrieveAcquiringPayout(
    id
  )) as unknown as StoredPayout
}

export async function findPayout(
  scope: Scope,
  filter: {
    request_id?: string
    transaction_id?: string
    idempotency_key?: string
  }
): Promise<StoredPayout | undefined> {
  const [payout] = await payoutModule(scope).listAcquiringPayouts(filter, {
    take: 1,
  })
  return payout as unknown as StoredPayout | undefined
}

/** Which statuses each new status may replace: never a final one, never PENDING by a local guess. */
export function allowedFrom(to: PayoutStatus): readonly PayoutStatus[] {
  switch (to) {
    case "sending":
      return []
    case "unknown":
      return ["sending", "unknown"]
    case "PENDING":
      return OPEN_STATUSES
    case "COMPLETED":
    case "FAILED":
      return OPEN_STATUSES
  }
}

export async function movePayout(
  scope: Scope,
  payout: Pick<StoredPayout, "id">,
  fields: PayoutTransitionFields & { status: PayoutStatus }
): Promise<boolean> {
  return payoutModule(scope).transitionAcquiringPayout(
    payout.id,
    allowedFrom(fields.status),
    fields
  )
}
