/**
 * The plugin's locks, held through Medusa's locking module: every instance
 * honours them when the store configures a shared provider (Redis or
 * PostgreSQL). Every key the plugin locks is made here, and docs/design.md
 * lists which lock guards what (its test compares the two).
 */
import { randomUUID } from "node:crypto"
import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { LATE, settleWithin } from "../deadlines/settle-within"

export function lockingModule(scope: MedusaContainer): ILockingModule {
  return scope.resolve<ILockingModule>(Modules.LOCKING)
}

export function sessionLockKey(sessionId: string): string {
  return `acquiring:session:${sessionId}`
}

export function paymentLockKey(paymentId: string): string {
  return `acquiring:payment:${paymentId}`
}

/** Held for a whole session-creation request on a payment collection. */
export function paymentCollectionLockKey(collectionId: string): string {
  return `acquiring:payment-collection:${collectionId}`
}

/** Held while a new payment of the order is made (a link, a re-authorization): one collection at a time. */
export function orderPaymentLockKey(orderId: string): string {
  return `acquiring:order-payment-link:${orderId}`
}

/** One deduction of a subscription learnt at a time: kept once, one renewal order (renewals/learn-deduction.ts). */
export function deductionLockKey(orderNo: string): string {
  return `acquiring:deduction:${orderNo}`
}

/** One save that could change which account serves a cart at a time: the tie check and the save see each other (accounts/account-changes.ts). */
export function accountScopeLockKey(): string {
  return `acquiring:account-scope`
}

/** One catch-up of deferred work at a time across the store (reconciliation/catch-up.ts). */
export function catchUpLockKey(): string {
  return `acquiring:catch-up`
}

/** One instance asks the acquirer a cart's payment methods (`<cart>:<currency>:<amount>`); the others read its answer from the cache. */
export function paymentMethodsLockKey(question: string): string {
  return `acquiring:payment-methods:${question}`
}

/** Medusa's own lock of a cart (its id): held by its completion and its process-payment workflow; the plugin takes it only for an instant (`whileCartIdle`). */
export function cartLockKey(cartId: string): string {
  return cartId
}

/**
 * A claim taken without waiting, held for at most `seconds`: true when this
 * owner holds `key` now, false when another does. A locking module that
 * fails otherwise (Redis gone) counts as claimed: the caller acts alone,
 * as it would without sharing.
 */
export async function tryClaim(
  scope: MedusaContainer,
  key: string,
  ownerId: string,
  seconds: number
): Promise<boolean> {
  try {
    await lockingModule(scope).acquire(key, { ownerId, expire: seconds })
    return true
  } catch (error) {
    return !(
      error instanceof Error && /failed to acquire lock/i.test(error.message)
    )
  }
}

/** Gives back a claim this owner holds (nothing when it lapsed or another holds it). */
export async function releaseClaim(
  scope: MedusaContainer,
  key: string,
  ownerId: string
): Promise<void> {
  await lockingModule(scope).release(key, { ownerId })
}

/** What `whileCartIdle` answers when Medusa holds the cart's lock. */
export const CART_BUSY: unique symbol = Symbol("cart busy")

/** Long enough for a read under load; a lapsed claim makes the read count as busy. */
const CART_CLAIM_SECONDS = 5

/**
 * Runs `read` holding Medusa's own lock of a cart, taken without waiting:
 * its completion and its process-payment workflow hold that lock from
 * start to end (an undone completion included), so what `read` sees is
 * never half made. CART_BUSY when Medusa holds the lock, or when the read
 * outlasts the claim. A locking module that fails otherwise lets the read
 * run, as a store without a shared lock would.
 */
export async function whileCartIdle<T>(
  scope: MedusaContainer,
  cartId: string,
  read: () => Promise<T>
): Promise<T | typeof CART_BUSY> {
  const key = cartLockKey(cartId)
  const owner = `acquiring-peek:${randomUUID()}`
  if (!(await tryClaim(scope, key, owner, CART_CLAIM_SECONDS))) return CART_BUSY
  try {
    const found = await settleWithin(read(), (CART_CLAIM_SECONDS - 1) * 1000)
    return found === LATE ? CART_BUSY : found
  } finally {
    // a claim not given back lapses within CART_CLAIM_SECONDS
    await releaseClaim(scope, key, owner).catch(() => undefined)
  }
}

/** Whether Medusa is completing the cart (or processing its payment) at this moment. */
export async function cartBeingCompleted(
  scope: MedusaContainer,
  cartId: string
): Promise<boolean> {
  return (await whileCartIdle(scope, cartId, async () => false)) === CART_BUSY
}

/** One action at a time on a payment session (card, hosted page, browser return). */
export function withSessionLock<T>(
  scope: MedusaContainer,
  sessionId: string,
  job: () => Promise<T>
): Promise<T> {
  return lockingModule(scope)
    .execute(sessionLockKey(sessionId), job, { timeout: 30 })
    .catch(noteTimeout(scope, { session_id: sessionId }, 30))
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
  return lockingModule(scope)
    .execute(paymentLockKey(paymentId), job, { timeout: 60 })
    .catch(noteTimeout(scope, { payment_id: paymentId }, 60))
}

/** Medusa's locking providers (memory, Redis, PostgreSQL) reject a wait that timed out so. */
export function isLockTimeout(error: unknown): boolean {
  return (
    error instanceof Error && /timed-?out acquiring lock/i.test(error.message)
  )
}

/** A wait that timed out enters the payment's history, then fails as it would have. */
/** The plugin's module as Medusa registers it ("acquiring"), reached through the container: locking imports nothing else of the plugin. */
type HistoryWriter = {
  createAcquiringPaymentEvents(row: Record<string, unknown>): Promise<unknown>
}

function noteTimeout(
  scope: MedusaContainer,
  owner: { session_id: string } | { payment_id: string },
  seconds: number
) {
  return async (error: unknown): Promise<never> => {
    if (isLockTimeout(error)) {
      await Promise.resolve()
        .then(() =>
          scope
            .resolve<HistoryWriter>("acquiring")
            .createAcquiringPaymentEvents({
              kind: "lock_timeout",
              outcome: "timed out",
              operation: "lock",
              summary: `Waited ${seconds} s for the ${"payment_id" in owner ? "payment" : "session"}'s lock, held by another action, and gave up; nothing was sent`,
              ...owner,
            })
        )
        // the history is for reading: its failure never hides the lock's
        .catch(() => undefined)
    }
    throw error
  }
}
