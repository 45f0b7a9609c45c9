/**
 * The signed-in customer's saved cards: listing them, deleting one, and
 * telling when the acquirer no longer knows one. The store API shows a
 * saved card by its own id, brand and masked number; its token never
 * leaves the backend, and the kit keeps only the keys below.
 */
import type { CardOutcome } from "./card-outcome.js"
import { answerMessage } from "./answer-fields.js"
import { errorFromAnswer } from "./request-error.js"
import type { StoreTransport } from "./transport.js"

export type SavedCard = {
  /** `acqcard_…`: what `submitCard` and `deleteSavedCard` take. */
  id: string
  /** "visa", "mastercard", "american-express", …; null when the digits name no single brand. */
  brand: string | null
  /** First six and last four digits: "424242******4242". */
  card_masked: string
  last4: string
  /** ISO 8601 */
  saved_at: string
  /** ISO 8601; null until the card pays again. */
  last_used_at: string | null
}

export type SavedCardDeletion =
  | { kind: "deleted"; id: string }
  /** Not the signed-in customer's card (or already deleted, or nobody is signed in): drop it from the list. */
  | { kind: "not_found"; message: string }
  | { kind: "failed"; status: number; message: string }

/** The decline code of a saved card the acquirer no longer knows. */
export const SAVED_CARD_GONE_CODE = "E0011"

const SAVED_CARDS_PATH = "/store/acquiring/saved-cards"

/** Copies the known keys only, so nothing else the answer carries is kept. */
function toSavedCard(raw: any): SavedCard {
  return {
    id: String(raw.id),
    brand: typeof raw.brand === "string" ? raw.brand : null,
    card_masked: String(raw.card_masked ?? ""),
    last4: String(raw.last4 ?? ""),
    saved_at: String(raw.saved_at ?? ""),
    last_used_at:
      typeof raw.last_used_at === "string" ? raw.last_used_at : null,
  }
}

/**
 * The signed-in customer's saved cards, newest first. A guest has none:
 * the plugin answers 404 when nobody is signed in, and the kit gives [].
 * Any other refusal throws `AcquiringRequestError`.
 */
export async function listSavedCards(
  store: StoreTransport
): Promise<SavedCard[]> {
  const answer = await store("GET", SAVED_CARDS_PATH)
  if (answer.status === 404) return []
  if (answer.status !== 200 || !Array.isArray(answer.body?.saved_cards)) {
    throw errorFromAnswer(answer)
  }
  return answer.body.saved_cards.map(toSavedCard)
}

/** Deletes one of the signed-in customer's saved cards (the transport must send DELETE). */
export async function deleteSavedCard(
  store: StoreTransport<"DELETE">,
  id: string
): Promise<SavedCardDeletion> {
  const answer = await store(
    "DELETE",
    `${SAVED_CARDS_PATH}/${encodeURIComponent(id)}`
  )
  const message = answerMessage(answer) ?? `The store answered ${answer.status}`
  if (answer.status === 200 && answer.body?.deleted === true) {
    return { kind: "deleted", id: String(answer.body.id ?? id) }
  }
  if (answer.status === 404) return { kind: "not_found", message }
  return { kind: "failed", status: answer.status, message }
}

/**
 * True when a saved card was declined because the acquirer no longer knows
 * it. The plugin has already removed it from the customer's list: drop it
 * and ask for the card to be typed.
 */
export function isSavedCardGone(outcome: CardOutcome): boolean {
  return outcome.kind === "declined" && outcome.code === SAVED_CARD_GONE_CODE
}

// A Map, not an object: a brand such as "constructor" must not find a prototype key.
const BRAND_NAMES = new Map([
  ["visa", "Visa"],
  ["mastercard", "Mastercard"],
  ["american-express", "American Express"],
  ["diners-club", "Diners Club"],
  ["discover", "Discover"],
  ["jcb", "JCB"],
  ["unionpay", "UnionPay"],
  ["maestro", "Maestro"],
  ["mir", "Mir"],
  ["elo", "Elo"],
  ["hiper", "Hiper"],
  ["hipercard", "Hipercard"],
])

/** The brand as printed: "Visa", "American Express"; "Card" when unknown. */
export function brandName(brand: string | null): string {
  if (!brand) return "Card"
  return (
    BRAND_NAMES.get(brand) ??
    brand
      .split("-")
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(" ")
  )
}
