/**
 * What a payment link may still do, and the words a shopper reads when it
 * may not. A link opens the acquirer's page once, before it expires, and
 * never once its payment went through; paid is said first, because it is
 * what the shopper most needs to know.
 */

export const LINK_LIFETIME_HOURS = { min: 1, max: 168, default: 72 } as const

export type LinkVerdict = "open" | "expired" | "used" | "paid"

export interface LinkTimes {
  expires_at: Date | string
  used_at?: Date | string | null
  paid_at?: Date | string | null
}

export function linkExpiry(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * 3_600_000)
}

export function linkVerdict(link: LinkTimes, now: Date): LinkVerdict {
  if (link.paid_at) return "paid"
  if (link.used_at) return "used"
  if (new Date(link.expires_at).getTime() <= now.getTime()) return "expired"
  return "open"
}

/** The notice page of a link that cannot open the payment page, in the shop's words to its customer. */
export function refusalWords(verdict: Exclude<LinkVerdict, "open">): {
  title: string
  text: string
} {
  switch (verdict) {
    case "paid":
      return {
        title: "This payment has been made",
        text: "Thank you: the payment for this link went through. There is nothing more to pay here.",
      }
    case "used":
      return {
        title: "This payment link was already opened",
        text: "A payment link opens the payment page once. If you paid, we are confirming your payment; if not, ask us for a new link.",
      }
    case "expired":
      return {
        title: "This payment link has expired",
        text: "Ask us for a new payment link.",
      }
  }
}
