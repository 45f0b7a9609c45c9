/**
 * The plugin's locks, held through Medusa's locking module: every instance
 * honours them when the store configures a shared provider (Redis).
 */
import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

export function lockingModule(scope: MedusaContainer): ILockingModule {
  return scope.resolve<ILockingModule>(Modules.LOCKING)
}

/** One action at a time on a payment session (card, hosted page, browser return). */
export function withSessionLock<T>(
  scope: MedusaContainer,
  sessionId: string,
  job: () => Promise<T>
): Promise<T> {
  return lockingModule(scope).execute(`acquiring:session:${sessionId}`, job, {
    timeout: 30,
  })
}

/** One money action at a time on a payment (recording refunds, cancelling a subscription). */
export function withPaymentLock<T>(
  scope: MedusaContainer,
  paymentId: string,
  job: () => Promise<T>
): Promise<T> {
  return lockingModule(scope).execute(`acquiring:payment:${paymentId}`, job, {
    timeout: 60,
  })
}
