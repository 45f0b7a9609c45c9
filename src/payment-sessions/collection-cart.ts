/**
 * The payment collection's cart id, read once by the paid-collection guard
 * and handed to the cart snapshot on the same request (`res.locals`).
 * `null`: the collection has no cart; `undefined`: not read yet.
 */
import type { MedusaResponse } from "@medusajs/framework/http"

const KEY = "acquiringCollectionCart"

export function setCollectionCart(
  res: MedusaResponse,
  cartId: string | null
): void {
  res.locals[KEY] = cartId
}

export function collectionCartOf(
  res: MedusaResponse
): string | null | undefined {
  const value: unknown = res.locals[KEY]
  return typeof value === "string" || value === null ? value : undefined
}
