/**
 * A payment session as Medusa opens it: what the store route gathered (cart
 * snapshot, client and device data, a subscription) read from its intake,
 * checked once, and the plugin's first state of the session.
 */
import { MedusaError } from "@medusajs/framework/utils"
import {
  InvalidInputError,
  roundAmount,
  type AmountInput,
} from "../gateway/index"
import type { ProviderCore } from "../accounts/core"
import { DeviceSchema } from "../payment-sessions/device"
import {
  CartSnapshotSchema,
  ClientContextSchema,
} from "../payment-sessions/cart-snapshot"
import { SubscriptionRequestSchema } from "../payment-sessions/subscription-request"
import type { SessionData } from "../payment-sessions/session-data"
import { paymentMethodCode } from "../admin-contract/option-fields"

/** What the session-creation route gathered, parsed; a bad device or subscription is refused by name. */
export function gatheredInput(gathered: Record<string, unknown>) {
  const device = DeviceSchema.safeParse(gathered.device ?? {})
  if (!device.success) throw invalid("device", device.error.issues[0])
  const subscription = SubscriptionRequestSchema.optional().safeParse(
    gathered.subscription ?? undefined
  )
  if (!subscription.success)
    throw invalid("subscription", subscription.error.issues[0])
  const cart = CartSnapshotSchema.safeParse(gathered.cart)
  const client = ClientContextSchema.safeParse(gathered.client)
  // checked against the acquirer's offer when it was gathered (payment-methods/chosen-method.ts)
  const method = paymentMethodCode.safeParse(gathered.payment_method)
  return {
    ...(method.success ? { payment_method: method.data } : {}),
    device: device.data,
    subscription: subscription.data,
    cart: cart.success ? cart.data : undefined,
    client: client.success ? client.data : undefined,
  }
}

export function newSessionData(
  sessionId: string,
  amount: string,
  currency: string,
  core: Pick<ProviderCore, "account">,
  input: ReturnType<typeof gatheredInput>
): SessionData {
  return {
    session_id: sessionId,
    status: "pending",
    amount,
    currency,
    attempts: [],
    device: input.device,
    account: { id: core.account.id, mode: core.account.mode },
    ...(input.payment_method ? { payment_method: input.payment_method } : {}),
    ...(input.cart ? { cart: input.cart } : {}),
    ...(input.client ? { client: input.client } : {}),
    ...(input.subscription
      ? { subscription: { order: input.subscription } }
      : {}),
  }
}

/** Medusa's amount in the currency's digits, or a 400 saying why it is not one. */
export function sessionAmount(amount: unknown, currency: string): string {
  try {
    return roundAmount(amount as AmountInput, currency)
  } catch (error) {
    const reason =
      error instanceof InvalidInputError
        ? `${error.field} ${error.reason}`
        : "is not a decimal number"
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `The payment amount is not a valid ${currency} amount: ${reason}`
    )
  }
}

function invalid(
  field: string,
  issue: { path: PropertyKey[]; message: string }
): MedusaError {
  return new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `Invalid data.${field}.${issue.path.map(String).join(".")}: ${issue.message}`
  )
}
