/**
 * The availability rules of the account that serves (or began) a payment,
 * read from the accounts every instance shares. Session creation, the
 * provider's initiatePayment and the storefront's provider list all ask
 * here, so they cannot disagree.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { accountSource } from "../accounts/account-source"
import type { SessionData } from "../payment-sessions/session-data"
import {
  availabilityCartOf,
  availabilityOf,
  type AvailabilityCart,
  type CartAvailability,
  type UnavailableRule,
} from "../accounts/availability-rules"

/**
 * The verdict for a cart paid through `providerId` with the account a core
 * was resolved for (`accountId` null: medusa-config alone, which has no
 * rules).
 */
export async function cartAvailability(
  accountId: string | null,
  providerId: string,
  cart: AvailabilityCart
): Promise<CartAvailability> {
  if (!accountId) return { available: true }
  const account = (await accountSource().accounts()).find(
    (candidate) => candidate.id === accountId
  )
  return account
    ? availabilityOf(account, providerId, cart)
    : { available: true }
}

/** A cart the rules refuse: Medusa answers it 400 invalid_data with the shopper's message. */
export class CartUnavailableError extends MedusaError {
  constructor(
    readonly rule: UnavailableRule,
    message: string
  ) {
    super(MedusaError.Types.INVALID_DATA, message)
    this.name = "CartUnavailableError"
  }
}

/** Throws CartUnavailableError when the rules refuse the cart. */
export async function assertCartAvailable(
  accountId: string | null,
  providerId: string,
  cart: AvailabilityCart
): Promise<void> {
  const verdict = await cartAvailability(accountId, providerId, cart)
  if (!verdict.available)
    throw new CartUnavailableError(verdict.rule, verdict.message)
}

/**
 * The provider's own check of a session it starts: the store route checked
 * already, a session started another way (a workflow, a payment link) is
 * checked here; without a cart, only the amount rules apply.
 */
export function assertSessionAvailable(
  providerId: string,
  session: Pick<SessionData, "account" | "cart" | "amount" | "currency">
): Promise<void> {
  const { account, cart, amount, currency } = session
  if (cart)
    return assertCartAvailable(
      account?.id ?? null,
      providerId,
      availabilityCartOf(cart)
    )
  if (!amount || !currency) return Promise.resolve()
  return assertCartAvailable(account?.id ?? null, providerId, {
    total: amount,
    currency,
  })
}
