/**
 * Cards kept for later payments (wire contract, "Stored cards"), one vault
 * per merchant account. This is the one place the sandbox holds a full card
 * number and expiry, because a stored card must be charged again. They live
 * in memory only, in private fields: the request log, the control surface,
 * notifications and JSON views of the state never see them, only the mask.
 */
import { maskCardNumber } from "../gateway/redact"
import { randomHex } from "./random-hex"

/** What is kept of a card: never the security code. */
export interface CardToStore {
  number: string
  /** two digits */
  expiration_month: string
  /** four digits */
  expiration_year: string
}

/** A stored card as the control surface shows it. */
export interface StoredCardView {
  merchant_id: string
  account_id: string
  token_id: string
  card_masked: string
  state: "active" | "lapsed"
  stored_at: string
  lapsed_at?: string
}

interface Entry {
  card: CardToStore
  view: StoredCardView
}

// 16 letters for the 16 hex digits: a token holds no digit run a card-number
// scan of the logs could mistake for a card
const TOKEN_LETTERS = "bcdfghjkmnpqrstv"

/** An opaque token of 36 characters (the contract allows 64). */
export function newTokenId(): string {
  const hex = randomHex(16)
  let letters = ""
  for (const digit of hex) letters += TOKEN_LETTERS[parseInt(digit, 16)]
  return `tok_${letters}`
}

export class StoredCards {
  /** token → card; insertion order is age */
  readonly #byToken = new Map<string, Entry>()
  /** card number → its active token: one token per card */
  readonly #byNumber = new Map<string, string>()
  /** transaction_id → the card to keep once its 3-D Secure challenge ends */
  readonly #held = new Map<string, CardToStore>()

  constructor(
    private readonly account: { merchant_id: string; account_id: string },
    private readonly clock: () => Date,
    /** cards kept per account; the oldest is forgotten first (its token then reads as not found) */
    private readonly max: number
  ) {}

  /** Keeps the card and answers its token: the same token for a card already kept (a newer expiry replaces the old). */
  store(card: CardToStore): string {
    const known = this.#byNumber.get(card.number)
    const entry = known === undefined ? undefined : this.#byToken.get(known)
    if (known !== undefined && entry) {
      entry.card = { ...card }
      return known
    }
    const token_id = newTokenId()
    this.#byToken.set(token_id, {
      card: { ...card },
      view: {
        merchant_id: this.account.merchant_id,
        account_id: this.account.account_id,
        token_id,
        card_masked: maskCardNumber(card.number),
        state: "active",
        stored_at: this.clock().toISOString(),
      },
    })
    this.#byNumber.set(card.number, token_id)
    while (this.#byToken.size > this.max) this.forgetOldest()
    return token_id
  }

  /** The card behind an active token of this account; undefined when unknown, forgotten or lapsed. */
  find(
    token_id: string
  ): { card: CardToStore; card_masked: string } | undefined {
    const entry = this.#byToken.get(token_id)
    if (!entry || entry.view.state !== "active") return undefined
    return { card: { ...entry.card }, card_masked: entry.view.card_masked }
  }

  /** Lapses an active token; false when it is unknown or lapsed already. */
  lapse(token_id: string): boolean {
    const entry = this.#byToken.get(token_id)
    if (!entry || entry.view.state !== "active") return false
    entry.view.state = "lapsed"
    entry.view.lapsed_at = this.clock().toISOString()
    // the card may be stored again later, under a new token
    this.#byNumber.delete(entry.card.number)
    return true
  }

  view(token_id: string): StoredCardView | undefined {
    const entry = this.#byToken.get(token_id)
    return entry ? { ...entry.view } : undefined
  }

  list(): StoredCardView[] {
    return [...this.#byToken.values()].map((entry) => ({ ...entry.view }))
  }

  /** Holds the card of a payment waiting for its 3-D Secure challenge. */
  hold(transaction_id: string, card: CardToStore): void {
    this.#held.set(transaction_id, { ...card })
  }

  /** Takes the held card of a payment back (to store it, or to drop it). */
  release(transaction_id: string): CardToStore | undefined {
    const card = this.#held.get(transaction_id)
    this.#held.delete(transaction_id)
    return card
  }

  private forgetOldest(): void {
    const [token_id, entry] = this.#byToken.entries().next().value as [
      string,
      Entry,
    ]
    this.#byToken.delete(token_id)
    if (this.#byNumber.get(entry.card.number) === token_id)
      this.#byNumber.delete(entry.card.number)
  }
}
