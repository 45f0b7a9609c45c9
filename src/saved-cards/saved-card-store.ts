/**
 * The cards customers asked to keep (acquiring_saved_card), read and written
 * through the plugin's module. Every read names the customer: a card is
 * only ever found for its owner.
 */
import { generateEntityId } from "@medusajs/framework/utils"
import type { SavedCardInput } from "../modules/acquiring/service"
import { acquiringModule } from "../modules/acquiring/module-access"
import type { AcquiringSavedCardRow } from "../modules/acquiring/types"

export type SavedCardRow = AcquiringSavedCardRow

/** Keeps a card under its token; the same token again answers the card already kept. */
export async function keepCard(
  card: Omit<SavedCardInput, "id">
): Promise<string> {
  const kept = await acquiringModule().keepSavedCard({
    ...card,
    id: generateEntityId(undefined, "acqcard"),
  })
  return kept.id
}

/** The customer's cards that can pay, newest first. */
export async function customerCards(
  customerId: string
): Promise<SavedCardRow[]> {
  return acquiringModule().listAcquiringSavedCards(
    { customer_id: customerId, lapsed_at: null },
    { take: null, order: { created_at: "DESC" } }
  )
}

/** One card of the customer that can pay, else undefined (another's card is not found either). */
export async function customerCard(
  customerId: string,
  id: string
): Promise<SavedCardRow | undefined> {
  const [card] = await acquiringModule().listAcquiringSavedCards({
    id,
    customer_id: customerId,
    lapsed_at: null,
  })
  return card
}

/** Forgets one card of the customer: true when there was one to forget. */
export async function forgetCard(
  customerId: string,
  id: string
): Promise<boolean> {
  const card = await customerCard(customerId, id)
  if (!card) return false
  await acquiringModule().softDeleteAcquiringSavedCards(card.id)
  return true
}

/** Forgets a card whoever's it is (the merchant, from the admin): true when there was one. */
export async function forgetSavedCard(id: string): Promise<boolean> {
  const [card] = await acquiringModule().listAcquiringSavedCards(
    { id },
    { select: ["id"] }
  )
  if (!card) return false
  await acquiringModule().softDeleteAcquiringSavedCards(card.id)
  return true
}

/** Forgets every card of the customer (their account holder was deleted). */
export async function forgetCustomerCards(customerId: string): Promise<void> {
  const cards = await acquiringModule().listAcquiringSavedCards(
    { customer_id: customerId },
    { select: ["id"], take: null }
  )
  if (cards.length)
    await acquiringModule().softDeleteAcquiringSavedCards(
      cards.map((card) => card.id)
    )
}

export async function cardUsed(id: string, at = new Date()): Promise<void> {
  await acquiringModule().updateAcquiringSavedCards({ id, last_used_at: at })
}

/** The acquirer no longer knows the token: the card leaves every list. */
export async function cardLapsed(id: string, at = new Date()): Promise<void> {
  await acquiringModule().updateAcquiringSavedCards({ id, lapsed_at: at })
}
