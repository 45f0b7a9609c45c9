/**
 * A draft e-mail to the customer carrying a payment link, opened in the
 * merchant's own mail program (a `mailto:` address): the plugin sends no
 * mail itself. The expiry is written in UTC, so the customer reads the same
 * time wherever the merchant sits.
 */
import { amountText } from "./amount-text"

export interface MailedLink {
  url: string
  amount: string
  currency: string
  expires_at: string
}

export function paymentLinkMailto(
  email: string,
  link: MailedLink,
  displayId?: number
): string {
  const order = displayId ? `order #${displayId}` : "your order"
  const amount = amountText(link.amount, link.currency)
  const expires = `${link.expires_at.slice(0, 16).replace("T", " ")} UTC`
  const subject = `Payment of ${amount} for ${order}`
  const body = [
    `Please pay the ${amount} still due for ${order} on our secure payment page:`,
    link.url,
    `The link opens the payment page once and expires on ${expires}.`,
  ].join("\n\n")
  // "@" stays as it is (RFC 6068); what would end the address or start a field is escaped
  const to = encodeURIComponent(email).replace(/%40/g, "@")
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}
