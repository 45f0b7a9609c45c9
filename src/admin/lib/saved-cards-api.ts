export type {
  SavedCard,
  SavedCardsAnswer,
  SavedCardDeleted,
} from "../../admin-contract/saved-cards"
import type { SavedCard } from "../../admin-contract/saved-cards"

/** Brands whose name is not their identifier in title case. */
const BRAND_NAMES: Record<string, string> = {
  jcb: "JCB",
  unionpay: "UnionPay",
}

/** "american-express" → "American Express"; "Card" when the brand is unknown. */
export function brandName(brand: string | null): string {
  if (!brand) return "Card"
  return (
    BRAND_NAMES[brand] ??
    brand
      .split("-")
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(" ")
  )
}

/** "Visa •••• 4242": how buttons, prompts and toasts name a card. */
export function cardLabel(card: Pick<SavedCard, "brand" | "last4">): string {
  return `${brandName(card.brand)} •••• ${card.last4}`
}
