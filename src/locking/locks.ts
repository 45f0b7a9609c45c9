/**
 * The plugin's locks, held through Medusa's locking module: every instance
 * honours them when the store configures a shared provider (Redis or
 * PostgreSQL). Which lock guards what is listed in docs/design.md.
 */
import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

export function lockingModule(scope: MedusaContainer): ILockingModule {
  return scope.resolve<ILockingModule>(Modules.LOCKING)
}

export function sessionLockKey(sessionId: string): string {
  return `acquiring:session:${sessionId}`
}

export function paymentLockKey(paymentId: string): string {
  return `acquiring:payment:${paymentId}`
}

/** One action at a time on a payment session (card, hosted page, browser return). */
export function withSessionLock<T>(
  scope: MedusaContainer,
  sessionId: string,
  job: () => Promise<T>
): Promise<T> {
  return lockingModule(scope).execute(sessionLockKey(sessionId), job, {
    timeout: 30,
  })
}

/**
 * One money action at a time on a payment: capture, refund, void, review,
 * recording what the acquirer did, a reconcile. Never nested: the lock is
 * not re-entrant, so code under it calls the `…UnderLock` variants.
 */
export function withPaymentLock<T>(
  scope: MedusaContainer,
  paymentId: string,
  job: () => Promise<T>
): Promise<T> {
  return lockingModule(scope).execute(paymentLockKey(paymentId), job, {
    timeout: 60,
  })
}
