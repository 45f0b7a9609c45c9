/**
 * The methods a checkout offers, in the order it shows them: the acquirer's
 * recommendation (optimise) with the merchant's preferences applied, each
 * with the Medusa provider that takes it. A card is typed on the
 * storefront's own form when the card provider serves the cart; every other
 * method opens the acquirer's hosted page on that method.
 */
import { PAYMENT_METHOD, type PaymentMethodOption } from "../gateway/index"

export interface OfferedMethod {
  /** the acquirer's code: CARD, WALLET, BANK_TRANSFER, or one it adds */
  code: string
  /** the acquirer's name for it */
  display_name: string
  /** 1 first, in the order shown */
  rank: number
  /** the Medusa provider whose session pays with it */
  provider_id: string
}

export interface MethodPreferences {
  hidden: readonly string[]
  order: readonly string[]
}

export interface ServingProviders {
  card?: string
  hosted?: string
}

const CARD_NAME = "Credit or debit card"

/** What the acquirer recommends, in its order (rank, then as listed); codes upper case, repeats dropped. */
export function recommendation(
  options: readonly PaymentMethodOption[]
): { code: string; display_name: string }[] {
  const ranked = options
    .map((option, index) => ({
      code: option.payment_method.trim().toUpperCase(),
      display_name: option.display_name?.trim() || "",
      rank: /^\d+$/.test(option.rank ?? "") ? Number(option.rank) : Infinity,
      index,
    }))
    .filter((m) => /^[A-Z][A-Z0-9_]{0,31}$/.test(m.code))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
  const seen = new Set<string>()
  return ranked
    .filter((m) => !seen.has(m.code) && seen.add(m.code))
    .map(({ code, display_name }) => ({
      code,
      display_name: display_name || (code === "CARD" ? CARD_NAME : code),
    }))
}

/** When the acquirer says nothing usable: cards, as the wire contract wants. */
export const CARDS_ONLY = [
  { code: PAYMENT_METHOD.CARD, display_name: CARD_NAME },
]

/** The list the storefront shows: preferences applied, each method with its provider; a method no provider takes is left out. */
export function offeredMethods(
  recommended: readonly { code: string; display_name: string }[],
  preferences: MethodPreferences,
  providers: ServingProviders
): OfferedMethod[] {
  const visible = recommended.filter(
    (m) => !preferences.hidden.includes(m.code)
  )
  const pinned = preferences.order.flatMap((code) =>
    visible.filter((m) => m.code === code)
  )
  const rest = visible.filter((m) => !preferences.order.includes(m.code))
  return [...pinned, ...rest]
    .map((m) => ({
      ...m,
      provider_id:
        m.code === PAYMENT_METHOD.CARD
          ? (providers.card ?? providers.hosted)
          : providers.hosted,
    }))
    .filter((m): m is Omit<OfferedMethod, "rank"> => !!m.provider_id)
    .map((m, index) => ({ ...m, rank: index + 1 }))
}
