/**
 * Medusa's account holders and payment methods over the plugin's saved
 * cards. The acquirer has no customer object: an account holder is the
 * plugin's own record of a signed-in customer (external id: the customer's
 * id), and its payment methods are that customer's saved cards, each by its
 * own id; the token never leaves the server.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type {
  CreateAccountHolderInput,
  CreateAccountHolderOutput,
  DeleteAccountHolderInput,
  DeletePaymentMethodInput,
  ListPaymentMethodsInput,
  ListPaymentMethodsOutput,
} from "@medusajs/framework/types"
import {
  customerCards,
  forgetCard,
  forgetCustomerCards,
  forgetSavedCard,
} from "./saved-card-store"
import { savedCardView } from "./saved-card-view"

export function accountHolderOf(
  input: CreateAccountHolderInput
): CreateAccountHolderOutput {
  const customerId = input.context.customer.id
  return { id: customerId, data: { customer_id: customerId } }
}

/** The customer an account holder of this plugin stands for. */
function holderCustomer(holder: unknown): string | undefined {
  if (!holder || typeof holder !== "object") return undefined
  const { data, external_id } = holder as {
    data?: { customer_id?: unknown }
    external_id?: unknown
  }
  const id = data?.customer_id ?? external_id
  return typeof id === "string" && id ? id : undefined
}

export async function paymentMethodsOf(
  input: ListPaymentMethodsInput
): Promise<ListPaymentMethodsOutput> {
  const customerId = holderCustomer(input.context?.account_holder)
  if (!customerId) return []
  const cards = await customerCards(customerId)
  return cards.map((card) => ({
    id: card.id,
    data: { ...savedCardView(card) },
  }))
}

/** Forgets the holder's cards with the holder. */
export async function forgetHolder(
  input: DeleteAccountHolderInput
): Promise<void> {
  const customerId = holderCustomer(input.context.account_holder)
  if (customerId) await forgetCustomerCards(customerId)
}

/** Forgets one card: the holder's own when Medusa names the holder, else (the merchant) any. */
export async function forgetPaymentMethod(
  input: DeletePaymentMethodInput
): Promise<void> {
  const customerId = holderCustomer(input.context?.account_holder)
  const forgotten = customerId
    ? await forgetCard(customerId, input.data.id)
    : await forgetSavedCard(input.data.id)
  if (!forgotten)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Saved card ${input.data.id} was not found`
    )
}

/** Cards are kept when a payment asks (save_card), never without one: there is nothing to verify a card with. */
export function savingRefused(): never {
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    "Cards are saved when the customer pays with save_card: true; a card cannot be saved without a payment"
  )
}
